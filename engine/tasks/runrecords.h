#pragma once

// The records of stored runs as the front ends read them: a run's record, its results and
// process rounds (RunRecord, StoredResult, StoredRound), values with no connection behind them.
// The workbench includes this header, never the store's own (tests/layering/layers.json).
#include "storage/storerecords.h"
