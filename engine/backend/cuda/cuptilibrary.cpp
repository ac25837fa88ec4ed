#include "cuptilibrary.h"

#include <dlfcn.h>

#include <vector>

namespace tb {

namespace {

std::vector<std::string> candidates()
{
    std::vector<std::string> names{"libcupti.so.13", "libcupti.so"};
#ifdef TB_CUPTI_LIBRARY_DIR
    // The toolkit this was built with: found on the build machine even when CUPTI is not in the
    // loader's path (it lives in <toolkit>/extras/CUPTI/lib64 on some installs).
    names.push_back(std::string(TB_CUPTI_LIBRARY_DIR) + "/libcupti.so");
#endif
    return names;
}

template <typename Function> bool resolve(void *library, const char *symbol, Function &function)
{
    void *address = dlsym(library, symbol);
    function = reinterpret_cast<Function>(address);
    return address != nullptr;
}

} // namespace

Expected<CuptiLibrary> CuptiLibrary::load()
{
    std::string failures;
    for (const auto &name : candidates()) {
        void *library = dlopen(name.c_str(), RTLD_NOW | RTLD_LOCAL);
        if (!library) {
            const char *why = dlerror();
            failures += (failures.empty() ? "" : "; ") + std::string(why ? why : name);
            continue;
        }
        CuptiLibrary cupti;
        cupti.m_path = name;
        const bool complete =
            resolve(library, "cuptiActivityRegisterCallbacks", cupti.activityRegisterCallbacks) &&
            resolve(library, "cuptiActivityEnable", cupti.activityEnable) &&
            resolve(library, "cuptiActivityDisable", cupti.activityDisable) &&
            resolve(library, "cuptiActivityFlushAll", cupti.activityFlushAll) &&
            resolve(library, "cuptiActivityGetNextRecord", cupti.activityGetNextRecord) &&
            resolve(library, "cuptiActivityGetNumDroppedRecords",
                    cupti.activityGetNumDroppedRecords) &&
            resolve(library, "cuptiGetResultString", cupti.getResultString);
        if (complete)
            return cupti;
        failures += (failures.empty() ? "" : "; ") + name + " lacks an activity API function";
    }
    return makeError(EngineError::Code::NoDevice, "CUPTI cannot be loaded", failures);
}

std::string CuptiLibrary::errorText(CUptiResult code) const
{
    const char *text = nullptr;
    if (getResultString && getResultString(code, &text) == CUPTI_SUCCESS && text)
        return text;
    return "CUptiResult " + std::to_string(static_cast<int>(code));
}

} // namespace tb
