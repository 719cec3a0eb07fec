import { type App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';

/**
 * Runs the cdk-nag AwsSolutions checks on every synth. Any unacknowledged error-level finding
 * makes the synth throw ("Validation failed"), so `npm run synth` and CI fail on it.
 */
export function addNagChecks(app: App): void {
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
}

/**
 * Acknowledges one cdk-nag finding on one construct (and its children) with the reason it is
 * accepted. Use the finding's full id, e.g. `AwsSolutions-IAM5[Resource::*]`.
 */
export function acknowledge(scope: IConstruct, id: string, reason: string): void {
  Validations.of(scope).acknowledge({ id, reason });
}
