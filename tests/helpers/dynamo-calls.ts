/**
 * Names of the DynamoDB commands sent by this test file's process (e.g. 'UpdateItemCommand'),
 * filled by the counting middleware tests/setup-node.ts installs. Clear it before a measured call.
 */
export const dynamoCallLog: string[] = [];
