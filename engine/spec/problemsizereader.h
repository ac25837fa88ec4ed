#pragma once

#include "model/spec.h"
#include "spec/jsonreader.h"

#include <cstddef>
#include <map>
#include <string>
#include <vector>

namespace tb {

// Reads "problem_sizes": the first row names the size variables, every row gives each of them
// a number, and no two rows are the same size.
class ProblemSizeReader
{
public:
    ProblemSizeReader(JsonReader &reader, Spec &spec) : m_reader(reader), m_spec(spec) {}

    void read(const Json &list, const std::string &path);

private:
    void readRow(const Json &row, const std::string &path);

    JsonReader &m_reader;
    Spec &m_spec;
    // Each problem size's values, to its first row: duplicates found in O(log n) per row.
    std::map<std::vector<double>, std::size_t> m_firstSizeRow;
};

} // namespace tb
