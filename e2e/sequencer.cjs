// The end-to-end files in jest's usual order (slowest first once it knows, else largest first),
// except that those waiting for the AI picks pass run last: by then the server's first pass has
// had the whole suite's time to finish, instead of a file waiting on it at the start.
// CommonJS: jest requires its testSequencer as is.
const fs = require("node:fs");
const Sequencer = require("@jest/test-sequencer").default;

const waitsForAiPicks = (test) => fs.readFileSync(test.path, "utf8").includes("waitForAiPicks(");

class AiPicksLastSequencer extends Sequencer {
  async sort(tests) {
    const sorted = await super.sort(tests);
    return [...sorted.filter((test) => !waitsForAiPicks(test)), ...sorted.filter(waitsForAiPicks)];
  }
}

module.exports = AiPicksLastSequencer;
