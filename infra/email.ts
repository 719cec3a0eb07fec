import { Annotations, CfnOutput, Stack } from 'aws-cdk-lib';
import { type IGrantable, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { ConfigurationSet, EmailIdentity, EmailSendingEvent, EventDestination, Identity, SuppressionReasons } from 'aws-cdk-lib/aws-ses';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';
import { acknowledge } from './nag.ts';
import type { StageConfig } from './stage-config.ts';

/** The only SES action the senders call (SES v2 SendEmail with simple content; functions/email/transport.ts). */
export const SES_SEND_ACTIONS = ['ses:SendEmail'] as const;

/** SES configuration set of a stage: every message goes out through it, so bounces and complaints reach the feedback topic. */
export function configurationSetName(stage: StageConfig['stage']): string {
  return `creator-llc-${stage}`;
}

export interface EmailSendingProps {
  config: StageConfig;
}

/**
 * SES v2 sending for a stage: the verified identity (emailDomain's domain, else the emailFrom
 * address), a configuration set that publishes bounces and complaints to an SNS topic (the
 * email-feedback jobs subscribe to it) and reputation metrics, and the grant a sending function
 * gets: ses:SendEmail on that identity and configuration set, as emailFrom only.
 * Without emailFrom (dev only) there is no identity: nothing may send, and senders get no email
 * settings, so each message fails its attempts and is parked in the outbox (no stand-in sender).
 */
export class EmailSending extends Construct {
  readonly configurationSet: ConfigurationSet;
  /** SES publishes bounce and complaint events here. */
  readonly feedbackTopic: Topic;
  readonly identity?: EmailIdentity;
  /** What functions/email/transport.ts reads; empty without a sender. */
  readonly environment: Record<string, string>;
  /** What grantSend allows; undefined without a sender. */
  private readonly sendScope?: { resources: string[]; fromAddress: string };

  constructor(scope: Construct, id: string, props: EmailSendingProps) {
    super(scope, id);
    const { config } = props;
    const stack = Stack.of(this);

    this.feedbackTopic = new Topic(this, 'FeedbackTopic', { displayName: `Creator LLC email bounces and complaints (${config.stage})`, enforceSSL: true });
    acknowledge(
      this.feedbackTopic,
      'AwsSolutions-SNS2',
      'SES can publish to an encrypted topic only with a customer-managed key whose policy admits SES; the one customer key is kept for sealed tax ids and only the functions that declare it. Notifications (recipient address, bounce type) pass straight to the email-feedback function; the topic stores nothing and accepts only TLS.',
    );

    this.configurationSet = new ConfigurationSet(this, 'ConfigurationSet', {
      configurationSetName: configurationSetName(config.stage),
      reputationMetrics: true,
      sendingEnabled: true,
      // SES itself drops sends to addresses that bounced or complained, besides our own suppression table.
      suppressionReasons: SuppressionReasons.BOUNCES_AND_COMPLAINTS,
    });
    this.configurationSet.addEventDestination('Feedback', {
      destination: EventDestination.snsTopic(this.feedbackTopic),
      events: [EmailSendingEvent.BOUNCE, EmailSendingEvent.COMPLAINT],
    });

    if (!config.emailFrom) {
      Annotations.of(this).addWarningV2(
        'creator-llc:no-email-from',
        'No emailFrom in context: this stage sends no email (each message fails its attempts and is parked in the outbox). Deploy with -c emailFrom=orders@example.com (docs/deploy.md).',
      );
      this.environment = {};
      return;
    }

    const domain = config.emailDomain?.toLowerCase();
    this.identity = new EmailIdentity(this, 'Identity', {
      identity: domain ? Identity.domain(domain) : Identity.email(config.emailFrom),
      // Also applies the configuration set to a send that names none, so no bounce goes unnoticed.
      configurationSet: this.configurationSet,
    });
    this.environment = {
      EMAIL_TRANSPORT: 'ses',
      EMAIL_FROM: config.emailFrom,
      SES_CONFIGURATION_SET: this.configurationSet.configurationSetName,
      // SES's quotas: the sender keeps within them (functions/email/send-quota.ts, docs/decisions/0420).
      EMAIL_MAX_PER_SECOND: String(config.emailMaxPerSecond),
      EMAIL_MAX_PER_DAY: String(config.emailMaxPerDay),
      // Conversation emails carry a reply address at the inbound domain (infra/inbound-email.ts).
      ...(config.inboundEmailDomain ? { INBOUND_EMAIL_DOMAIN: config.inboundEmailDomain.toLowerCase() } : {}),
    };
    this.sendScope = {
      resources: [
        this.identity.emailIdentityArn,
        stack.formatArn({ service: 'ses', resource: 'configuration-set', resourceName: this.configurationSet.configurationSetName }),
      ],
      fromAddress: config.emailFrom,
    };

    if (domain) {
      const records = this.identity.dkimRecords;
      records.forEach((record, i) => {
        new CfnOutput(stack, `EmailDkimRecord${i + 1}`, {
          description: `DKIM record ${i + 1} of 3 for ${domain}: publish as a CNAME (name, then value) so SES verifies the domain`,
          value: `${record.name} CNAME ${record.value}`,
        });
      });
    }
    new CfnOutput(stack, 'EmailIdentity', {
      description: domain
        ? 'SES identity the product sends from: verified once the EmailDkimRecord CNAMEs are published'
        : 'SES identity the product sends from: verified once the link in the email AWS sends to this address is clicked',
      value: this.identity.emailIdentityName,
    });
  }

  /** Lets a function send as emailFrom through the configuration set; nothing without a sender. */
  grantSend(grantee: IGrantable): void {
    if (!this.sendScope) return;
    grantee.grantPrincipal.addToPrincipalPolicy(
      new PolicyStatement({
        actions: [...SES_SEND_ACTIONS],
        resources: this.sendScope.resources,
        // With a domain identity any address of the domain would pass; the functions send as emailFrom only.
        conditions: { StringEquals: { 'ses:FromAddress': this.sendScope.fromAddress } },
      }),
    );
  }
}
