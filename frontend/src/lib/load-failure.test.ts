import { afterEach, describe, expect, it } from 'vitest';
import { showLoadFailure } from './load-failure.ts';

describe('showLoadFailure', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('puts one alert at the top of the page, above the frame, with a button that reloads it', () => {
    document.body.innerHTML = '<div id="root"><h1>Checkout</h1></div>';
    showLoadFailure();
    showLoadFailure();
    const alerts = document.querySelectorAll('[role="alert"]');
    expect(alerts).toHaveLength(1);
    expect(document.body.firstElementChild).toBe(alerts[0]);
    expect(alerts[0].textContent).toContain("This page didn't finish loading. Check your connection, then reload it.");
    const button = alerts[0].querySelector('button');
    expect(button?.type).toBe('button');
    expect(button?.textContent).toBe('Reload the page');
    expect(document.querySelector('#root h1')?.textContent).toBe('Checkout');
  });
});
