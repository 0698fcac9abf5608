import { configure } from "@testing-library/react";
import { restoreTimers } from "./held-timers";

// Here, not in setup.ts: imported before the test framework's globals exist, testing-library would
// not register its cleanup after each test. A page's first render loads its lazy route and Relay
// data, which on a busy 2-core CI machine can take longer than the default 1 s of findBy*/waitFor.
configure({ asyncUtilTimeout: 5000 });

// Tests that hold a delay's timers (held-timers.ts) get the real ones back whatever happened.
afterEach(restoreTimers);
