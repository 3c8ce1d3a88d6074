import type { Executor } from '../../database';

export const pingDatabase = (db: Executor) => db.selectNoFrom((eb) => eb.val(1).as('one')).execute();
