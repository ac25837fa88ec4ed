#pragma once

#include "pipelinelaunch.h"

#include <memory>
#include <vector>

namespace tb {

class Supervisor;

// A pool of the pipeline's workers as started: what it is (PoolDefinition) and its supervisors,
// one per GPU or launched location, else one. JobPipeline owns two: the compile (or CPU build)
// workers and the bench workers, whose supervisors are its bench lanes.
struct PipelinePool : PoolDefinition
{
    std::vector<std::unique_ptr<Supervisor>> supervisors;
};

} // namespace tb
