import { acceptInvitationSchema, openInvitationSchema } from '#shared/staff/people.schema.ts';
import { deviceOf, json, requestBody, route } from '../../lib/http.ts';
import { acceptInvitation, openInvitation } from '../../staff/sign-in.ts';

/**
 * POST /api/staff/invitations, in two steps: the link's token alone opens the invitation (who is
 * invited, and the authenticator-app secret to enrol); with the step's ticket, the chosen password
 * and the app's first code it is accepted, and the person is signed in.
 */
export const handler = route('POST /api/staff/invitations', async (event) => {
  const body = event.jsonBody;
  if (body && typeof body === 'object' && 'ticket' in body)
    return json(200, await acceptInvitation(requestBody(event, acceptInvitationSchema), deviceOf(event)));
  return json(200, await openInvitation(requestBody(event, openInvitationSchema).invite));
});
