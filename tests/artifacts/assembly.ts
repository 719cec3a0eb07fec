import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The deployable functions of a synthesised cloud assembly (`npm run synth` writes
 * cdk.out/<stage>): each AWS::Lambda::Function with the asset folder CDK staged for it (what
 * `cdk deploy` zips and uploads), its handler and the environment its template gives it, with
 * every CloudFormation reference resolved through the assembly's own templates.
 */
export interface AssemblyFunction {
  stack: string;
  logicalId: string;
  /** The template's Description: `GET /api/states`, `API $default route (404/405)`, `Job outboxSender: ...`. */
  description: string;
  handler: string;
  /** The staged asset folder in the cloud assembly. */
  assetDir: string;
  environment: Record<string, string>;
}

/** What a deployed stack would resolve, faked for a local run: account, region, and one value per resource kind. */
export const LOCAL_ACCOUNT = '000000000000';
export const LOCAL_REGION = 'us-east-1';

type Value = string | number | boolean | { [key: string]: unknown } | unknown[];
interface Resource {
  Type: string;
  Properties?: Record<string, any>;
  Metadata?: Record<string, string>;
}
interface Template {
  Resources: Record<string, Resource>;
  Outputs?: Record<string, { Value: Value; Export?: { Name: Value } }>;
}

export class CloudAssembly {
  private readonly templates = new Map<string, Template>();

  constructor(readonly dir: string) {
    if (!existsSync(join(dir, 'manifest.json'))) throw new Error(`No cloud assembly in ${dir}: run "npm run synth" first`);
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.template.json'))) {
      this.templates.set(file.replace('.template.json', ''), JSON.parse(readFileSync(join(dir, file), 'utf8')) as Template);
    }
  }

  functions(): AssemblyFunction[] {
    const out: AssemblyFunction[] = [];
    for (const [stack, template] of this.templates) {
      for (const [logicalId, resource] of Object.entries(template.Resources)) {
        if (resource.Type !== 'AWS::Lambda::Function') continue;
        const assetPath = resource.Metadata?.['aws:asset:path'];
        // CDK's own provider functions (BucketDeployment, log retention) are not ours to smoke-test.
        if (!assetPath || /^Custom::|CustomResource|BucketDeployment|LogRetention/.test(logicalId)) continue;
        const variables = (resource.Properties?.Environment?.Variables ?? {}) as Record<string, Value>;
        out.push({
          stack,
          logicalId,
          description: String(resource.Properties?.Description ?? ''),
          handler: String(resource.Properties?.Handler),
          assetDir: join(this.dir, assetPath),
          environment: Object.fromEntries(Object.entries(variables).map(([name, v]) => [name, this.resolve(stack, v, name)])),
        });
      }
    }
    return out;
  }

  /** The folder a BucketDeployment uploads (its staged source asset), by the deployment's construct id. */
  bucketDeploymentSource(idPrefix: string): string {
    for (const template of this.templates.values()) {
      for (const [logicalId, r] of Object.entries(template.Resources)) {
        if (r.Type !== 'Custom::CDKBucketDeployment' || !logicalId.startsWith(idPrefix)) continue;
        const key = String(r.Properties?.SourceObjectKeys?.[0] ?? '');
        return join(this.dir, `asset.${key.replace(/\.zip$/, '')}`);
      }
    }
    throw new Error(`No bucket deployment ${idPrefix} in ${this.dir}`);
  }

  /** A template value as a string, references resolved as a local run stands them in. */
  resolve(stack: string, value: Value, what: string): string {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
    const v = value as Record<string, any>;
    if ('Fn::Join' in v) {
      const [separator, parts] = v['Fn::Join'] as [string, Value[]];
      return parts.map((p) => this.resolve(stack, p, what)).join(separator);
    }
    if ('Ref' in v) return this.ref(stack, String(v.Ref), what);
    if ('Fn::GetAtt' in v) {
      const [logicalId, attribute] = v['Fn::GetAtt'] as [string, string];
      return this.getAtt(stack, logicalId, attribute, what);
    }
    if ('Fn::ImportValue' in v) return this.importValue(this.resolve(stack, v['Fn::ImportValue'] as Value, what), what);
    if ('Fn::Select' in v) {
      const [index, list] = v['Fn::Select'] as [number, Value];
      const items = Array.isArray(list) ? list.map((i) => this.resolve(stack, i as Value, what)) : this.resolve(stack, list, what).split(',');
      return items[Number(index)];
    }
    if ('Fn::Split' in v) {
      const [separator, source] = v['Fn::Split'] as [string, Value];
      return this.resolve(stack, source, what).split(separator).join(',');
    }
    throw new Error(`${what}: cannot resolve ${JSON.stringify(value).slice(0, 200)}`);
  }

  private importValue(name: string, what: string): string {
    for (const [stack, template] of this.templates) {
      for (const output of Object.values(template.Outputs ?? {})) {
        if (output.Export && this.resolve(stack, output.Export.Name, what) === name) return this.resolve(stack, output.Value, what);
      }
    }
    throw new Error(`${what}: no stack exports ${name}`);
  }

  private resource(stack: string, logicalId: string, what: string): Resource {
    const r = this.templates.get(stack)?.Resources[logicalId];
    if (!r) throw new Error(`${what}: ${stack} has no resource ${logicalId}`);
    return r;
  }

  /** Ref: a pseudo parameter, or what CloudFormation returns for the resource's type. */
  private ref(stack: string, name: string, what: string): string {
    const pseudo: Record<string, string> = {
      'AWS::AccountId': LOCAL_ACCOUNT,
      'AWS::Region': LOCAL_REGION,
      'AWS::Partition': 'aws',
      'AWS::URLSuffix': 'amazonaws.com',
      'AWS::StackName': stack,
    };
    if (pseudo[name]) return pseudo[name];
    const r = this.resource(stack, name, what);
    const named = (prop: string) => String(r.Properties?.[prop] ?? `${stack}-${name}`);
    switch (r.Type) {
      case 'AWS::SecretsManager::Secret':
        return `arn:aws:secretsmanager:${LOCAL_REGION}:${LOCAL_ACCOUNT}:secret:${named('Name')}`;
      case 'AWS::KMS::Key':
        return `${name.toLowerCase()}-key-id`;
      case 'AWS::SNS::Topic':
        return `arn:aws:sns:${LOCAL_REGION}:${LOCAL_ACCOUNT}:${named('TopicName')}`;
      case 'AWS::SES::ConfigurationSet':
        return named('Name');
      case 'AWS::DynamoDB::Table':
      case 'AWS::DynamoDB::GlobalTable':
        return named('TableName');
      case 'AWS::S3::Bucket':
        // A bucket without a name gets a generated one: lower case, as S3 requires.
        return named('BucketName').toLowerCase();
      case 'AWS::CloudFront::Distribution':
        return `${name}ID`;
      default:
        throw new Error(`${what}: no local stand-in for a Ref to ${r.Type} (${name})`);
    }
  }

  private getAtt(stack: string, logicalId: string, attribute: string, what: string): string {
    const r = this.resource(stack, logicalId, what);
    if (attribute === 'Arn' && r.Type === 'AWS::KMS::Key') return `arn:aws:kms:${LOCAL_REGION}:${LOCAL_ACCOUNT}:key/${this.ref(stack, logicalId, what)}`;
    if (attribute === 'Arn' && r.Type === 'AWS::DynamoDB::Table')
      return `arn:aws:dynamodb:${LOCAL_REGION}:${LOCAL_ACCOUNT}:table/${this.ref(stack, logicalId, what)}`;
    if (attribute === 'StreamArn') return `arn:aws:dynamodb:${LOCAL_REGION}:${LOCAL_ACCOUNT}:table/${this.ref(stack, logicalId, what)}/stream/local`;
    if (attribute === 'DomainName' && r.Type === 'AWS::CloudFront::Distribution') return '127.0.0.1';
    if (attribute === 'RegionalDomainName' && r.Type === 'AWS::S3::Bucket') return `${this.ref(stack, logicalId, what)}.s3.${LOCAL_REGION}.amazonaws.com`;
    if (attribute === 'Arn' && r.Type === 'AWS::S3::Bucket') return `arn:aws:s3:::${this.ref(stack, logicalId, what)}`;
    throw new Error(`${what}: no local stand-in for ${logicalId}.${attribute} (${r.Type})`);
  }
}
