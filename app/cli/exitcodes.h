#pragma once

// tunebench-cli's exit codes (documented in `tunebench-cli --help` and docs/cli.md).
namespace tb::exitcode {
inline constexpr int kSuccess = 0;      // the command did its job (failed configs are results)
inline constexpr int kFailure = 1;      // the engine failed: store, workers, I/O
inline constexpr int kUsage = 2;        // bad command line
inline constexpr int kInvalidInput = 3; // invalid spec, unknown run, unreadable workspace
inline constexpr int kNoResult = 4;     // the run finished but no configuration succeeded
inline constexpr int kSizeNotTuned = 5; // a problem size's reference configuration failed
inline constexpr int kRegression = 6;   // verify: a shipped configuration no longer holds
inline constexpr int kInconclusive = 7; // verify: slower beyond the threshold, not the noise
// Another process is tuning the run (try later), told apart from 1 (broken).
inline constexpr int kBusy = 8;
inline constexpr int kInterrupted = 130; // stopped by Ctrl-C / SIGTERM; results so far are kept
} // namespace tb::exitcode
