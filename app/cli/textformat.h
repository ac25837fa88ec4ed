#pragma once

#include <optional>
#include <string>
#include <vector>

namespace tb {

// "812 ns", "3.21 us", "4.56 ms", "1.23 s": a duration with its natural unit.
std::string formatSeconds(double seconds);
// "812 uJ", "4.56 mJ", "3.37 J": energy with its natural unit.
std::string formatJoules(double joules);
// "1:05" or "1:02:05".
std::string formatClock(double seconds);
// A number with up to 4 significant digits ("1234", "12.35", "0.001235").
std::string formatNumber(double value);
// "+1.25%" (signed: a change) or "0.50%" (a threshold, a spread): `fraction` in percent.
std::string formatPercent(double fraction, bool sign = false, int decimals = 2);
// " @1995 MHz" after a round's median (its SM clock, rounded); empty for 0 (none known).
std::string clockText(double megahertz);

// A plain-text table with left-aligned columns, for terminals and logs alike.
class TextTable
{
public:
    explicit TextTable(std::vector<std::string> header);
    void addRow(std::vector<std::string> cells);
    std::string render() const;

private:
    std::vector<std::vector<std::string>> m_rows; // the header first
};

} // namespace tb
