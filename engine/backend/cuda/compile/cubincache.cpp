#include "cubincache.h"

#include "backend/common/atomicfile.h"
#include "model/resultfigure.h"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <unistd.h>

namespace tb {

namespace {

// The metadata names the ptxas figures by their result keys, except "constant" (the result's
// "constant_memory"), which entries already in caches spell so.
nlohmann::json toJson(const ResourceUsage &usage)
{
    return {{figures::kRegisters, usage.registers},
            {figures::kSpillStores, usage.spillStoreBytes},
            {figures::kSpillLoads, usage.spillLoadBytes},
            {figures::kStackFrame, usage.stackFrameBytes},
            {figures::kStaticShared, usage.staticSharedBytes},
            {"constant", usage.constantBytes},
            {figures::kBarriers, usage.barriers}};
}

ResourceUsage usageFromJson(const nlohmann::json &json)
{
    ResourceUsage usage;
    usage.registers = json.at(figures::kRegisters).get<int>();
    usage.spillStoreBytes = json.at(figures::kSpillStores).get<int>();
    usage.spillLoadBytes = json.at(figures::kSpillLoads).get<int>();
    usage.stackFrameBytes = json.at(figures::kStackFrame).get<int>();
    usage.staticSharedBytes = json.at(figures::kStaticShared).get<int>();
    usage.constantBytes = json.at("constant").get<int>();
    usage.barriers = json.at(figures::kBarriers).get<int>();
    return usage;
}

} // namespace

CubinCache::CubinCache(const std::string &cacheDirectory, const std::string &hash)
    : m_directory(cacheDirectory + "/cuda"), m_stem(m_directory + "/" + hash)
{}

std::string CubinCache::cubinPath() const
{
    return m_stem + ".cubin";
}

std::string CubinCache::metadataPath() const
{
    return m_stem + ".json";
}

std::optional<CudaBuild> CubinCache::load() const
{
    const auto text = readTextFile(metadataPath());
    if (!text || ::access(cubinPath().c_str(), R_OK) != 0)
        return std::nullopt;
    // A damaged entry (a disk that filled up, a hand edit) is a miss: the build reruns and
    // replaces it.
    const auto json = nlohmann::json::parse(*text, nullptr, /*allow_exceptions=*/false);
    if (!json.is_object())
        return std::nullopt;
    try {
        CudaBuild build;
        build.cubinPath = cubinPath();
        build.loweredName = json.at("lowered_name").get<std::string>();
        build.log = json.at("log").get<std::string>();
        build.arch = json.at("arch").get<std::string>();
        build.seconds = json.at("seconds").get<double>();
        build.usage = usageFromJson(json.at("usage"));
        if (const auto triton = json.find("triton"); triton != json.end())
            build.triton = tritonLaunchFromJson(*triton);
        build.cached = true;
        return build;
    } catch (const nlohmann::json::exception &) {
        return std::nullopt;
    }
}

Status CubinCache::publish(const std::string &cubin, const CudaBuild &build) const
{
    std::error_code error;
    std::filesystem::create_directories(m_directory, error);
    if (error)
        return makeError(EngineError::Code::IoError, "cannot create " + m_directory,
                         error.message());
    if (Status written = writeFileAtomically(cubinPath(), cubin); !written)
        return written;
    nlohmann::json json = {{"lowered_name", build.loweredName},
                           {"arch", build.arch},
                           {"seconds", build.seconds},
                           {"usage", toJson(build.usage)},
                           {"log", build.log}};
    if (build.triton)
        json["triton"] = toJson(*build.triton);
    // Replace invalid UTF-8 in the log rather than throwing: the log is for people.
    return writeFileAtomically(metadataPath(),
                               json.dump(2, ' ', false, nlohmann::json::error_handler_t::replace));
}

} // namespace tb
