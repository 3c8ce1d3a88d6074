// Prints the current authenticator code for a TOTP secret (the demo staff's by default), for local use.
import { TOTP } from 'otpauth';

const secret = process.argv[2] ?? process.env.STAFF_TOTP_SECRET ?? 'KABUTOADMINDEMO2';
const totp = new TOTP({ secret, digits: 6, period: 30, algorithm: 'SHA1' });
const remaining = 30 - (Math.floor(Date.now() / 1000) % 30);
console.log(`${totp.generate()}  (valid for ${remaining} more seconds)`);
