#pragma once

namespace tb {

// What a replayed evaluation returns for a configuration that ran.
enum class ReplayMode
{
    Mean,    // the recorded mean: deterministic, as if every measurement were exact
    Sampled, // one recorded sample drawn per evaluation: the noise a real run sees
};

} // namespace tb
