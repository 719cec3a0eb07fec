import { App } from 'aws-cdk-lib';
import { buildProduct } from './product.ts';
import { stageConfigFromContext } from './stage-config.ts';

// `cdk synth|deploy -c stage=dev|prod` (see docs/deploy.md for the other context keys).
const app = new App();
buildProduct(app, stageConfigFromContext(app.node));
app.synth();
