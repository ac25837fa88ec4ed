#include "tritonlaunch.h"

#include "launchshape.h"

#include <nlohmann/json.hpp>

namespace tb {

namespace {

std::uint64_t unsignedOr(const nlohmann::json &object, const char *key, std::uint64_t fallback)
{
    const auto found = object.find(key);
    return found == object.end() || found->is_null() ? fallback : found->get<std::uint64_t>();
}

} // namespace

nlohmann::json toJson(const TritonLaunch &launch)
{
    return {{"num_warps", launch.numWarps},
            {"num_ctas", launch.numCtas},
            {"cluster_dims", launch.clusterDims},
            {"shared", launch.sharedBytes},
            {"global_scratch_size", launch.globalScratchBytes},
            {"global_scratch_align", launch.globalScratchAlign},
            {"profile_scratch_size", launch.profileScratchBytes},
            {"profile_scratch_align", launch.profileScratchAlign},
            {"arguments", launch.arguments},
            {"triton", launch.tritonVersion}};
}

TritonLaunch tritonLaunchFromJson(const nlohmann::json &json)
{
    TritonLaunch launch;
    launch.numWarps = json.at("num_warps").get<int>();
    launch.numCtas = json.at("num_ctas").get<int>();
    launch.clusterDims = json.at("cluster_dims").get<std::array<int, 3>>();
    launch.sharedBytes = json.at("shared").get<std::uint64_t>();
    launch.globalScratchBytes = json.at("global_scratch_size").get<std::uint64_t>();
    launch.globalScratchAlign = json.at("global_scratch_align").get<std::uint64_t>();
    launch.profileScratchBytes = json.at("profile_scratch_size").get<std::uint64_t>();
    launch.profileScratchAlign = json.at("profile_scratch_align").get<std::uint64_t>();
    launch.arguments = json.at("arguments").get<std::vector<std::string>>();
    launch.tritonVersion = json.at("triton").get<std::string>();
    return launch;
}

TritonLaunch tritonLaunchFromAnswer(const nlohmann::json &answer)
{
    const nlohmann::json &metadata = answer.at("metadata");
    TritonLaunch launch;
    launch.numWarps = metadata.at("num_warps").get<int>();
    launch.numCtas = metadata.value("num_ctas", 1);
    if (const auto dims = metadata.find("cluster_dims");
        dims != metadata.end() && dims->size() == 3)
        launch.clusterDims = dims->get<std::array<int, 3>>();
    launch.sharedBytes = metadata.at("shared").get<std::uint64_t>();
    launch.globalScratchBytes = unsignedOr(metadata, "global_scratch_size", 0);
    launch.globalScratchAlign = unsignedOr(metadata, "global_scratch_align", 1);
    launch.profileScratchBytes = unsignedOr(metadata, "profile_scratch_size", 0);
    launch.profileScratchAlign = unsignedOr(metadata, "profile_scratch_align", 1);
    // Each passed parameter is an object ({"name", "type", "c_type", ...}); only its name and
    // place matter here: the spec's argument of that name is passed there.
    for (const auto &argument : answer.at("launch").at("arguments"))
        launch.arguments.push_back(argument.at("name").get<std::string>());
    return launch;
}

void applyTritonShape(const TritonLaunch &launch, LaunchShape &shape)
{
    shape.grid[0] *= static_cast<std::uint64_t>(launch.numCtas);
    shape.block = {static_cast<std::uint64_t>(32 * launch.numWarps), 1, 1};
    shape.dynamicSharedBytes = launch.sharedBytes;
}

} // namespace tb
