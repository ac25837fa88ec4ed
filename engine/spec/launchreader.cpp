#include "launchreader.h"

#include <utility>

namespace tb {

namespace {

using Need = JsonReader::Need;

} // namespace

void LaunchReader::read(const Json &launch, const std::string &path)
{
    if (!m_reader.object(launch, path, {"grid", "block", "shared_memory"}))
        return;
    LaunchGeometry geometry;
    if (auto *grid = m_reader.member(launch, path, "grid", Need::Required))
        readGeometry(*grid, JsonReader::child(path, "grid"), geometry.grid);
    if (m_spec.kernel.language == "triton") {
        // Triton decides both: num_warps x 32 threads and the shared memory its code needs.
        for (const char *key : {"block", "shared_memory"})
            if (launch.contains(key))
                m_reader.report(JsonReader::child(path, key),
                                std::string("a Triton kernel takes no '") + key +
                                    "': its block is num_warps x 32 threads and its shared "
                                    "memory is what Triton's compiler gives it");
        m_spec.launch = std::move(geometry);
        return;
    }
    if (auto *block = m_reader.member(launch, path, "block", Need::Required))
        readGeometry(*block, JsonReader::child(path, "block"), geometry.block);
    if (auto shared = m_reader.expression(launch, path, "shared_memory"))
        geometry.dynamicSharedMemory = *shared;
    m_spec.launch = std::move(geometry);
}

void LaunchReader::readGeometry(const Json &list, const std::string &path,
                                std::vector<std::string> &out)
{
    if (!m_reader.array(list, path, "expressions"))
        return;
    if (list.empty() || list.size() > 3) {
        m_reader.report(path, "expected 1 to 3 expressions, got " + std::to_string(list.size()));
        return;
    }
    for (std::size_t i = 0; i < list.size(); ++i)
        out.push_back(m_reader.expression(list[i], JsonReader::child(path, i)).value_or(""));
}

} // namespace tb
