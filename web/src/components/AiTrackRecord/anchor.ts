/** The track record's id on /ai-features: where Home's track-record card links to (/ai-features#track-record). */
export const TRACK_RECORD_ANCHOR = "track-record";
