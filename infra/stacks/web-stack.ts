import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Aws, CfnOutput, Duration, RemovalPolicy, SecretValue, Stack, type StackProps } from 'aws-cdk-lib';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  CachePolicy,
  Function as CloudFrontFunction,
  Distribution,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestCookieBehavior,
  OriginRequestHeaderBehavior,
  OriginRequestPolicy,
  OriginRequestQueryStringBehavior,
  PriceClass,
  ResponseHeadersPolicy,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { BlockPublicAccess, Bucket, BucketEncryption, type CfnBucket, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import type { Construct } from 'constructs';
import { ORIGIN_VERIFY_HEADER } from '../../functions/lib/edge.ts';
import { CONTENT_TYPES, PAGE_CACHE_CONTROL } from '../../site/content-types.ts';
import { APP_SHELL_FILE } from '../../site/pages.ts';
import { BROTLI_SUFFIX, HASHED_ASSET_CACHE_CONTROL, HASHED_ASSETS_DIR, PRECOMPRESSED_EXTENSIONS } from '../../site/precompressed.ts';
import { REPO_ROOT } from '../lambda-bundle.ts';
import { acknowledge } from '../nag.ts';
import { SitePublisher } from '../site-publisher.ts';
import { documentsBucketName, type StageConfig } from '../stage-config.ts';
import { SiteWebAcl } from '../web-acl.ts';
import { contentSecurityPolicy, NOT_FOUND_STATUS_FUNCTION, siteRewriteFunction } from '../web-security.ts';

export interface WebStackProps extends StackProps {
  config: StageConfig;
  /** Host of the API: its custom domain, or the execute-api host when it has none. */
  apiOriginDomain: string;
  /** Secrets Manager name of the value CloudFront sends as x-origin-verify. */
  originVerifySecretName: string;
  /** The built SPA (Vite output). Defaults to frontend/dist. */
  siteAssetsPath?: string;
  /**
   * The content table's stream: publishing a site text re-renders the pages that show it
   * (infra/site-publisher.ts). The product always passes it (infra/product.ts); a web stack built
   * alone for a test of its distribution may leave the publisher out.
   */
  contentStreamArn?: string;
  /** The operator settings table's stream: saving the settings re-renders the pages that name the operator. */
  operatorSettingsStreamArn?: string;
  /** The built functions (`npm run build:functions`); defaults to .build/functions. */
  functionsBuildDir?: string;
}

/** Where browsers reach the documents bucket through CloudFront (functions/documents/order/storage.ts keys start with `documents/`). */
export const DOCUMENTS_PATH = '/documents/*';

export const DEFAULT_SITE_ASSETS = join(REPO_ROOT, 'frontend', 'dist');

/** The construct id of each compressed kind's deployment (kept as first deployed: a new id replaces the resource). */
const BROTLI_DEPLOYMENT_IDS: Record<(typeof PRECOMPRESSED_EXTENSIONS)[number], string> = {
  '.js': 'DeployBrotliScripts',
  '.css': 'DeployBrotliStylesheets',
};

/**
 * The hashed folder's deployments and the files each leaves out (CDK's glob rules): the files as
 * built, then their Brotli copies (site/precompressed.ts), stored with their encoding and the
 * original's type, one deployment per type since a deployment gives all its files one Content-Type.
 */
export const HASHED_ASSET_DEPLOYMENTS: readonly { id: string; exclude: string[]; contentEncoding?: string; contentType?: string }[] = [
  { id: 'DeployHashedAssets', exclude: [`*${BROTLI_SUFFIX}`] },
  ...PRECOMPRESSED_EXTENSIONS.map((ext) => ({
    id: BROTLI_DEPLOYMENT_IDS[ext],
    exclude: ['*', `!*${ext}${BROTLI_SUFFIX}`],
    contentEncoding: 'br',
    contentType: CONTENT_TYPES[ext],
  })),
];

/** Vite puts content-hashed files here; they can be cached for a year. */
export { HASHED_ASSETS_DIR };

/**
 * Viewer headers `/api/*` passes to the API, plus CloudFront-Viewer-Address, which CloudFront
 * adds only when a policy lists it. An allow list because the "all viewer headers" behaviours
 * either drop CloudFront's headers or forward Host (which API Gateway rejects). A handler that
 * reads a new request header needs it added here (CloudFront allows 10).
 */
export const API_FORWARDED_HEADERS = [
  'CloudFront-Viewer-Address',
  'Content-Type',
  'Staff-Token',
  'Stripe-Signature',
  // The resume secret every holder route needs (shared/api/routes.ts RESUME_SECRET_HEADER).
  'X-Resume-Secret',
  'Accept',
  'Accept-Language',
  'Origin',
  'Referer',
  'User-Agent',
] as const;

/**
 * The static site: a private bucket behind CloudFront (Origin Access Control). The default
 * behaviour serves the SPA (client routes rewritten to index.html); `/api/*` goes to the HTTP
 * API uncached, with the headers it reads, the viewer's address and the origin-verify header
 * that lets the API trust that address. Security headers on every page; AWS WAF in front.
 */
export class WebStack extends Stack {
  readonly distribution: Distribution;
  readonly sitePublisher?: SitePublisher;
  readonly siteUrl: string;

  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);
    const { config } = props;
    const prod = config.stage === 'prod';
    const assets = props.siteAssetsPath ?? DEFAULT_SITE_ASSETS;
    if (!existsSync(join(assets, 'index.html')) || !existsSync(join(assets, APP_SHELL_FILE))) {
      throw new Error(
        `The built frontend is missing (${assets}/index.html, ${APP_SHELL_FILE}): run "npm run build" first (npm run synth and npm run deploy do).`,
      );
    }

    // CloudFront standard logs and the site bucket's access logs (CloudFront logging needs ACLs).
    const logsBucket = new Bucket(this, 'LogsBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: ObjectOwnership.OBJECT_WRITER,
      lifecycleRules: [{ expiration: Duration.days(prod ? 365 : 30) }],
      removalPolicy: prod ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      autoDeleteObjects: !prod,
    });
    acknowledge(logsBucket, 'AwsSolutions-S1', 'This bucket is the access-log destination itself; logging it would log into itself.');

    // The site is rebuilt from source on every deploy, so its bucket is disposable in every stage.
    const siteBucket = new Bucket(this, 'SiteBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      serverAccessLogsBucket: logsBucket,
      serverAccessLogsPrefix: 'site-bucket/',
      removalPolicy: RemovalPolicy.DESTROY,
      autoDeleteObjects: true,
    });

    const headers = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'CSP for the SPA and its payment providers, HSTS, nosniff, no framing',
      securityHeadersBehavior: {
        contentSecurityPolicy: { contentSecurityPolicy: contentSecurityPolicy(), override: true },
        strictTransportSecurity: { accessControlMaxAge: Duration.days(730), includeSubdomains: true, preload: true, override: true },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
        referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
      },
    });

    // Honour the object's Cache-Control (immutable for hashed assets, no-cache for index.html).
    const siteCache = new CachePolicy(this, 'SiteCachePolicy', {
      comment: 'SPA files: TTL from the object Cache-Control header',
      minTtl: Duration.seconds(0),
      defaultTtl: Duration.days(1),
      maxTtl: Duration.days(365),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });

    const spaRewrite = new CloudFrontFunction(this, 'SpaRewrite', {
      comment: 'Prerendered pages, the app shell for client routes, the not-found page for the rest',
      runtime: FunctionRuntime.JS_2_0,
      code: FunctionCode.fromInline(siteRewriteFunction()),
    });
    const notFoundStatus = new CloudFrontFunction(this, 'NotFoundStatus', {
      comment: 'The not-found page answers with a 404',
      runtime: FunctionRuntime.JS_2_0,
      code: FunctionCode.fromInline(NOT_FOUND_STATUS_FUNCTION),
    });

    const apiRequests = new OriginRequestPolicy(this, 'ApiOriginRequestPolicy', {
      comment: 'API: the headers the handlers read, the viewer address, every query string, no cookies',
      headerBehavior: OriginRequestHeaderBehavior.allowList(...API_FORWARDED_HEADERS),
      queryStringBehavior: OriginRequestQueryStringBehavior.all(),
      cookieBehavior: OriginRequestCookieBehavior.none(),
    });
    // A CloudFormation dynamic reference: the template holds only the secret's name, CloudFront
    // gets the value at deploy. A viewer's own x-origin-verify never reaches the API: the policy
    // above does not forward it, and CloudFront sets this one.
    const originVerify = SecretValue.secretsManager(props.originVerifySecretName).unsafeUnwrap();
    const webAcl = new SiteWebAcl(this, 'SiteWebAcl', { stage: config.stage });

    // The documents bucket by its regional host, the one the functions presign for (virtual-hosted style).
    const documentsBucketHost = `${documentsBucketName(config.stage, Aws.ACCOUNT_ID, Aws.REGION)}.s3.${Aws.REGION}.amazonaws.com`;
    const documentRequests = new OriginRequestPolicy(this, 'DocumentsOriginRequestPolicy', {
      comment: 'Order documents: the presigned query string and the signed Content-Type of an upload; Host stays the bucket',
      headerBehavior: OriginRequestHeaderBehavior.allowList('Content-Type'),
      queryStringBehavior: OriginRequestQueryStringBehavior.all(),
      cookieBehavior: OriginRequestCookieBehavior.none(),
    });
    const documentHeaders = new ResponseHeadersPolicy(this, 'DocumentHeaders', {
      comment: 'Order documents: never sniffed, framed or cached; nothing in them may run',
      securityHeadersBehavior: {
        contentSecurityPolicy: { contentSecurityPolicy: "default-src 'none'; sandbox", override: true },
        strictTransportSecurity: { accessControlMaxAge: Duration.days(730), includeSubdomains: true, preload: true, override: true },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
        referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.NO_REFERRER, override: true },
      },
      customHeadersBehavior: { customHeaders: [{ header: 'Cache-Control', value: 'no-store', override: true }] },
    });
    const certificate = config.certificateArn ? Certificate.fromCertificateArn(this, 'Certificate', config.certificateArn) : undefined;

    this.distribution = new Distribution(this, 'Distribution', {
      comment: `Creator LLC site (${config.stage})`,
      defaultRootObject: 'index.html',
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
      minimumProtocolVersion: certificate ? SecurityPolicyProtocol.TLS_V1_2_2021 : undefined,
      domainNames: config.domainName ? [config.domainName] : undefined,
      certificate,
      enableLogging: true,
      logBucket: logsBucket,
      logFilePrefix: 'cloudfront/',
      webAclId: webAcl.arn,
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(siteBucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
        cachePolicy: siteCache,
        responseHeadersPolicy: headers,
        compress: true,
        functionAssociations: [
          { eventType: FunctionEventType.VIEWER_REQUEST, function: spaRewrite },
          { eventType: FunctionEventType.VIEWER_RESPONSE, function: notFoundStatus },
        ],
      },
      additionalBehaviors: {
        '/api/*': {
          origin: new HttpOrigin(props.apiOriginDomain, {
            protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
            customHeaders: { [ORIGIN_VERIFY_HEADER]: originVerify },
          }),
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          originRequestPolicy: apiRequests,
          compress: true,
        },
        // Order documents: presigned downloads and staff uploads of the documents bucket, on
        // the site's own origin (no CORS, within the CSP's connect-src 'self') and with nosniff
        // (docs/decisions/0150-document-versions.md). The signature is checked by S3.
        [DOCUMENTS_PATH]: {
          origin: new HttpOrigin(documentsBucketHost, { protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY }),
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          originRequestPolicy: documentRequests,
          responseHeadersPolicy: documentHeaders,
        },
      },
    });
    acknowledge(this.distribution, 'AwsSolutions-CFR1', 'The service forms US LLCs but customers may live or travel abroad; no country is excluded.');
    if (!certificate) {
      acknowledge(
        this.distribution,
        'AwsSolutions-CFR4',
        'Without a custom domain the default *.cloudfront.net certificate is used, whose minimum protocol CloudFront fixes; with domainName/certificateArn the distribution enforces TLSv1.2_2021.',
      );
    }

    new CfnOutput(this, 'DistributionDomainName', {
      description: 'Point the custom domain here (Route 53 alias or CNAME) when domainName is set',
      value: this.distribution.distributionDomainName,
    });
    this.siteUrl = config.domainName ? `https://${config.domainName}` : `https://${this.distribution.distributionDomainName}`;

    // Hashed bundles: immutable for a year. Kept across deploys (prune off) so a browser still
    // holding the previous index.html can load its chunks. The Brotli copies of the scripts and
    // stylesheets (site/precompressed.ts) are stored with their encoding and the original's type,
    // the rewrite function serving them to a browser that accepts Brotli (HASHED_ASSET_DEPLOYMENTS).
    const hashedAssets = join(assets, HASHED_ASSETS_DIR);
    const assetsDeployments = existsSync(hashedAssets)
      ? HASHED_ASSET_DEPLOYMENTS.map(
          ({ id, exclude, contentEncoding, contentType }) =>
            new BucketDeployment(this, id, {
              sources: [Source.asset(hashedAssets, { exclude })],
              destinationBucket: siteBucket,
              destinationKeyPrefix: `${HASHED_ASSETS_DIR}/`,
              cacheControl: [CacheControl.fromString(HASHED_ASSET_CACHE_CONTROL)],
              contentEncoding,
              contentType,
              prune: false,
              memoryLimit: 512,
            }),
        )
      : [];
    // index.html and the other unhashed files: revalidated on every visit, then the CDN is flushed.
    const shellDeployment = new BucketDeployment(this, 'DeploySiteShell', {
      sources: [Source.asset(assets, { exclude: [`${HASHED_ASSETS_DIR}/**`] })],
      destinationBucket: siteBucket,
      cacheControl: [CacheControl.fromString(PAGE_CACHE_CONTROL)],
      prune: false,
      memoryLimit: 512,
      distribution: this.distribution,
      distributionPaths: ['/*'],
    });
    // Chunks first, then the shell that references them.
    for (const deployment of assetsDeployments) shellDeployment.node.addDependency(deployment);

    // Published site texts: the prerendered pages re-rendered into the bucket, their addresses invalidated.
    const siteBuild = createHash('sha256')
      .update(readFileSync(join(assets, APP_SHELL_FILE)))
      .digest('hex')
      .slice(0, 16);
    this.sitePublisher =
      props.contentStreamArn && props.operatorSettingsStreamArn
        ? new SitePublisher(this, 'SitePublisher', {
            config,
            siteBucket,
            distribution: this.distribution,
            siteUrl: this.siteUrl,
            contentStreamArn: props.contentStreamArn,
            operatorSettingsStreamArn: props.operatorSettingsStreamArn,
            publishAfter: [shellDeployment],
            siteBuild,
            functionsBuildDir: props.functionsBuildDir,
          })
        : undefined;

    this.acknowledgeDeploymentHandler(siteBucket);
  }

  /** The BucketDeployment's provider function is CDK's own; its findings are acknowledged on it. */
  private acknowledgeDeploymentHandler(siteBucket: Bucket): void {
    const siteBucketArn = `<${this.getLogicalId(siteBucket.node.defaultChild as CfnBucket)}.Arn>`;
    const copy = 'CDK BucketDeployment handler, which copies the built site from the CDK asset bucket into the site bucket';
    for (const child of this.node.children) {
      if (!child.node.id.startsWith('Custom::CDKBucketDeployment')) continue;
      acknowledge(
        child,
        'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        `${copy}: AWSLambdaBasicExecutionRole is AWS's managed minimum for log writing.`,
      );
      acknowledge(child, 'AwsSolutions-L1', `${copy}: its runtime is chosen by aws-cdk-lib, not by this project, and it runs only during deploys.`);
      for (const action of ['s3:GetObject*', 's3:GetBucket*', 's3:List*', 's3:DeleteObject*', 's3:Abort*']) {
        acknowledge(
          child,
          `AwsSolutions-IAM5[Action::${action}]`,
          `${copy}: CDK grants the ${action} family on the asset bucket (read) and the site bucket (write) only.`,
        );
      }
      acknowledge(
        child,
        `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:s3:::cdk-hnb659fds-assets-<AWS::AccountId>-${this.region}/*]`,
        `${copy}: it reads the uploaded site archive from the bootstrap asset bucket, whose object keys are content hashes.`,
      );
      acknowledge(
        child,
        `AwsSolutions-IAM5[Resource::${siteBucketArn}/*]`,
        `${copy}: it writes every file of the site, so it needs all objects of the site bucket.`,
      );
      acknowledge(
        child,
        'AwsSolutions-IAM5[Resource::*]',
        `${copy}: cloudfront:CreateInvalidation/GetInvalidation do not support resource-level scoping in CDK's policy; used to flush the CDN after a deploy.`,
      );
    }
  }
}
