#pragma once

// Everything engine/export offers, for callers that use several exports (the session, the CLI).
#include "analysis/bestpersize.h"
#include "cppheaderexport.h"
#include "csvexport.h"
#include "hostinfo.h"
#include "jsonexport.h"
#include "kerneltunerexport.h"
#include "tritonconfigexport.h"
