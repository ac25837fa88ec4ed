#include "recordedspacereader.h"

#include "replay/recordedjson.h"
#include "replay/workspacesource.h"
#include "replay/workspacespacereader.h"

namespace tb {

using namespace replay_detail;

Expected<RecordedSpace> readRecordedSpace(const std::string &path)
{
    // Told by the first bytes, not the name: a workspace is SQLite, plain or compressed.
    if (looksLikeWorkspace(path))
        return readWorkspaceSpace(path);
    auto root = loadRecordedJson(path);
    if (!root)
        return root.error();
    if (!root->is_object())
        return contentError(path, "", "is not a JSON object");
    if (root->contains("cache") && root->contains("tune_params"))
        return kernelTunerCacheFromJson(*root, path);
    if (const auto results = root->find("results"); results != root->end() && results->is_array())
        return t4ResultsFromJson(*root, path);
    return contentError(path, "",
                        "is neither a Kernel Tuner cache file (with 'cache' and 'tune_params') "
                        "nor a T4 results file (with a 'results' array)");
}

} // namespace tb
