/** The state dataset every state figure comes from (README "Data credit"), for the credit lines. */
export const DATASET_NAME = 'US LLC State Requirements Dataset';
export const DATASET_URL = 'https://github.com/startupsolellc/us-llc-fees-dataset';
export const DATASET_LICENSE_URL = 'https://creativecommons.org/licenses/by/4.0/';
