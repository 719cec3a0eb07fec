import { operatorSettingsUpdateSchema } from '#shared/operator/settings.schema.ts';
import { saveOperatorSettings } from '../../data/operator-settings.ts';
import { json, requestBody, route, staffActor } from '../../lib/http.ts';

/** PUT /api/staff/operator-settings (owner): every setting, at the version read. */
export const handler = route('PUT /api/staff/operator-settings', async (event) =>
  json(200, await saveOperatorSettings(staffActor(event), requestBody(event, operatorSettingsUpdateSchema))),
);
