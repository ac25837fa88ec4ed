#pragma once

// What the front ends show about this machine, from the layers below the application API:
// the GPUs the CUDA driver sees (Preferences > Devices, a run's plan), the driver's and
// toolkit's versions (Help > About), the host's load (the Run page's indicator) and how many
// compile workers a run starts by default (Preferences > Workers). The workbench includes this
// header, never the backends' or the pipeline's own (tests/layering/layers.json).
#include "backend/cpu/hostload.h"
#include "backend/cuda/cudaenvironment.h"
#include "backend/cuda/cudaversions.h"
#include "pipeline/compileworkers.h"
