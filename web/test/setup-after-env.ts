import { configure } from "@testing-library/react";

// Here, not in setup.ts: imported before the test framework's globals exist, testing-library would
// not register its cleanup after each test. A page's first render loads its lazy route and Relay
// data, which on a busy 2-core CI machine can take longer than the default 1 s of findBy*/waitFor.
configure({ asyncUtilTimeout: 5000 });
