// Amazon Pay's Node SDK ships no types: the two signing calls we use.
declare module '@amazonpay/amazon-pay-api-sdk-nodejs' {
  export class WebStoreClient {
    constructor(config: Record<string, unknown>);
    generateButtonSignature(payload: string | object): string;
    getSignedHeaders(options: { method: string; urlFragment: string; payload?: string | object; headers?: Record<string, string> }): Record<string, string>;
  }
}
