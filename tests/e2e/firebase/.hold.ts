import setup from '/work/wt-h21-e2e/tests/e2e/firebase/globalSetup.ts';
await setup();
console.log('READY ' + process.env.KINFOLK_FIREBASE_E2E);
setInterval(() => {}, 1 << 30);
