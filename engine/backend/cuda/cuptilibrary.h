#pragma once

#include "model/expected.h"

#include <cupti.h>

#include <string>

namespace tb {

// The parts of CUPTI's activity API the CUPTI timer uses, loaded at run time (dlopen): tried as
// "libcupti.so.13", "libcupti.so", then beside the toolkit this was built with. <cupti.h> only
// gives types. The handle is never closed (CUPTI keeps threads and hooks in the driver).
class CuptiLibrary
{
public:
    // NoDevice naming every place tried, with dlerror's text, when none loads.
    static Expected<CuptiLibrary> load();

    // "CUPTI_ERROR_MULTIPLE_SUBSCRIBERS_NOT_SUPPORTED" (the code as a number when unknown).
    std::string errorText(CUptiResult code) const;

    const std::string &path() const { return m_path; }

    decltype(&::cuptiActivityRegisterCallbacks) activityRegisterCallbacks = nullptr;
    decltype(&::cuptiActivityEnable) activityEnable = nullptr;
    decltype(&::cuptiActivityDisable) activityDisable = nullptr;
    decltype(&::cuptiActivityFlushAll) activityFlushAll = nullptr;
    decltype(&::cuptiActivityGetNextRecord) activityGetNextRecord = nullptr;
    decltype(&::cuptiActivityGetNumDroppedRecords) activityGetNumDroppedRecords = nullptr;
    decltype(&::cuptiGetResultString) getResultString = nullptr;

private:
    CuptiLibrary() = default;

    std::string m_path;
};

} // namespace tb
