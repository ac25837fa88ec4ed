#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace tb {

// The device models a run's results name (Result::device: a GPU's name, a CPU worker's
// "cpu: MODEL"), counted one result at a time, so the workbench can follow a live run batch by
// batch and the CLI count a stored one alike. Configurations measured on different models are
// never ranked together: while the results name more than one model (mixed()), each is ranked
// apart, and results that name none (failed compiles) form a group of their own.
class DeviceModelTally
{
public:
    struct Model
    {
        std::string device;
        std::size_t results = 0;
    };

    // Counts one result measured on `device` ("": on none).
    void add(const std::string &device);
    void clear();

    // The named models, in the order each first appeared.
    const std::vector<Model> &models() const { return m_models; }
    // How many results name no device.
    std::size_t unmeasured() const { return m_unmeasured; }
    // More than one model named: rank per model, never across.
    bool mixed() const { return m_models.size() > 1; }
    // The model with the most results (ties: the first to appear); "" while none is named.
    std::string mostMeasured() const;
    // Whether a result of `device` is ranked with those of `chosen` (a named model, or "" for
    // the results that name none): every result is while the results name one model or none.
    bool rankedTogether(const std::string &device, const std::string &chosen) const;

private:
    std::vector<Model> m_models;
    std::size_t m_unmeasured = 0;
};

} // namespace tb
