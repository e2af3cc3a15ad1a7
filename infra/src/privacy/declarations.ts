import { accountPersonalData } from '@moncafe/domain/account/personal';
import { receiptPersonalData } from '@moncafe/domain/billing/personal';
import type { PersonalData } from '@moncafe/domain/privacy/personal-data';
import type { SecretBox } from '@moncafe/domain/purchasing/supplier-service';
import type { EventStore } from '@moncafe/domain/ports';
import type { Kysely } from 'kysely';
import { reservationPersonalData } from '@moncafe/domain/reservation/personal';
import { personalKeyStore } from './personal-keys';
import { personalDataSealer, sealingEventStore } from './sealing';

/** Every context's personal fields (each declared beside its events): what the sealing layer seals. */
export const personalDataDeclarations: readonly PersonalData[] = [reservationPersonalData, accountPersonalData, receiptPersonalData];

/** The sealing layer over the keys in `db` (personal_keys), sealed by `secrets` (SECRETS_KEY): what a process opens events with. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function personalDataLayer(db: Kysely<any>, secrets: SecretBox) {
  const keys = personalKeyStore({ db, secrets });
  const sealer = personalDataSealer({ declarations: personalDataDeclarations, keys });
  return { keys, sealer, open: (store: EventStore) => sealingEventStore(store, sealer) };
}
