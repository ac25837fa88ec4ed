#pragma once

#include "model/configuration.h"
#include "model/engineerror.h"
#include "model/spec.h"
#include "spec/jsonreader.h"

#include <optional>
#include <string>
#include <vector>

namespace tb {

// The checks of a read Spec that relate its sections to each other: parameter names against
// size and argument names, every expression compiled against the names it may use, the size of
// the grid, a constraint set that leaves no configuration for some problem size, the reference
// config against the constraints, and every data file against its argument. Issues go to the
// JsonReader, at the paths that SpecReader's one-to-one array mapping gives. Checks that need a
// sound grid are skipped while the parameters, sizes or constraints have problems of their own.
class SpecChecker
{
public:
    SpecChecker(JsonReader &reader, const Spec &spec) : m_reader(reader), m_spec(spec) {}

    void check();

private:
    void checkNameClashes();
    void checkGpuSettings();
    void checkExpressions();
    void checkInitExpression(const std::string &text, const std::string &path);
    void compile(const std::string &text, const std::vector<std::string> &names,
                 const std::string &path);
    bool gridIsSound() const;
    void checkSearchSpace();
    void checkReference();
    void checkArgumentValues();
    std::optional<EngineError> expectedFileProblem(const Argument &argument, std::uint64_t count,
                                                   std::size_t sizeIndex) const;
    std::optional<EngineError> dataFileProblem(const Argument &argument, std::uint64_t count,
                                               std::size_t sizeIndex) const;
    std::optional<Configuration> representative(std::size_t sizeIndex) const;
    std::string describeSize(std::size_t sizeIndex) const;

    JsonReader &m_reader;
    const Spec &m_spec;
};

} // namespace tb
