import { operatorSettingsUpdateSchema } from '#shared/operator/settings.schema.ts';
import { saveOperatorSettings } from '../../data/operator-settings.ts';
import { httpHandler, json, staffActor, validate } from '../../lib/http.ts';

/** PUT /api/staff/operator-settings (owner): every setting, at the version read. */
export const handler = httpHandler(async (event) =>
  json(200, await saveOperatorSettings(staffActor(event), validate(operatorSettingsUpdateSchema, event.jsonBody))),
);
