#pragma once

// The bundled CPU matmul example, cut down for a GUI test: 4 random configurations per size,
// few samples, so a real run with real workers takes a second or two.
#include "examplevariant.h"

namespace tbtest {

// Writes matmul_small.json into dir (its kernel source stays the example's); empty on failure.
inline QString writeSmallMatmulSpec(const QString &dir)
{
    return writeExampleVariant(
        "matmul",
        {{"strategy", QJsonObject{{"name", "random"}, {"max_configs", 4}, {"seed", 7}}},
         {"measurement", QJsonObject{{"warmup_runs", 1},
                                     {"min_samples", 3},
                                     {"max_samples", 5},
                                     {"max_seconds_per_config", 0.2},
                                     {"timeout_seconds", 20}}}},
        dir, "matmul_small.json");
}

} // namespace tbtest
