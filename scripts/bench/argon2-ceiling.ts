// Log-in's ceiling: password verifications per second this machine does with the app's argon2id
// parameters, four at once (the server runs at most two; both keep two cores busy), in a process of its own.
import { hashPassword, verifyPassword } from '../../apps/api/src/modules/auth/passwords.ts';

const seconds = Number(process.argv[2] ?? 5);
const parallel = Number(process.env.UV_THREADPOOL_SIZE ?? 4);
const hash = await hashPassword('Bench-password-2026');
const deadline = Date.now() + seconds * 1000;
let done = 0;
await Promise.all(
  Array.from({ length: parallel }, async () => {
    while (Date.now() < deadline) {
      await verifyPassword(hash, 'Bench-password-2026');
      done += 1;
    }
  }),
);
console.log(JSON.stringify({ perSecond: done / seconds }));
