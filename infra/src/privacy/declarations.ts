import { accountPersonalData } from '@moncafe/domain/account/personal';
import type { PersonalData } from '@moncafe/domain/privacy/personal-data';
import { reservationPersonalData } from '@moncafe/domain/reservation/personal';

/** Every context's personal fields (each declared beside its events): what the sealing layer seals. */
export const personalDataDeclarations: readonly PersonalData[] = [reservationPersonalData, accountPersonalData];
