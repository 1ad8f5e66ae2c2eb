/** @jsxRuntime automatic */
// (the pragma above: tsx runs the server with the root tsconfig, which sets no JSX runtime)
import { Text } from '@react-email/components';
import { Fragment } from 'react';
import { MailAction, MailLayout, mailStyles } from './layout.tsx';

/** To the estimator: the client accepted (or declined) an estimate through its approval link. */
export function EstimateDecision({
  shop,
  decision,
  estimate,
  client,
  signer,
  at,
  total,
  alternates,
  reason,
  url,
}: {
  shop: string;
  decision: 'accepted' | 'declined';
  /** "E-1042 Lakeside offices" */
  estimate: string;
  client: string;
  signer: string;
  /** When, as the shop writes dates. */
  at: string;
  /** The accepted total, as the shop writes money; none when declined. */
  total?: string;
  /**
   * The alternates the client chose ("Mirrors: Framed mirror in place of Plate mirror"), of an
   * estimate that offered some: empty when they took none; absent when declined or none offered.
   */
  alternates?: string[];
  /** The client's reason for declining, when they gave one. */
  reason?: string;
  url: string;
}) {
  return (
    <MailLayout shop={shop} preview={`${client} ${decision} ${estimate}.`} footer="You get this message because you made this estimate's approval link.">
      <Text style={mailStyles.text}>
        {signer} {decision} the estimate {estimate} for {client} on {at}, through its approval link.
      </Text>
      {total ? <Text style={mailStyles.text}>Accepted total: {total}</Text> : null}
      {alternates ? (
        <Text style={mailStyles.text}>
          {alternates.length
            ? ['Alternates chosen:', ...alternates.map((a) => `• ${a}`)].map((line, i) => (
                <Fragment key={i}>
                  {i > 0 && <br />}
                  {line}
                </Fragment>
              ))
            : 'Alternates chosen: none (the base items).'}
        </Text>
      ) : null}
      {reason ? <Text style={mailStyles.text}>Their reason: “{reason}”</Text> : null}
      <MailAction label="Open the estimate" url={url} address={false} />
    </MailLayout>
  );
}
