#pragma once

namespace tb {

// What a replayed evaluation returns for a configuration that ran.
enum class ReplayMode
{
    Mean, // the recorded mean: deterministic, as if every measurement were exact
    // Recorded samples drawn as a run's sampler takes them, the finalists measured again in
    // rounds (replaySearch): the noise a real run sees, and how a run copes with it.
    Sampled,
};

} // namespace tb
