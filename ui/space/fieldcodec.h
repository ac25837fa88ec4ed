#pragma once

#include "document/jsonpointer.h"

#include <QString>

#include <optional>

namespace tb {

// How a spec value is shown in a line edit and read back from one. Text is kept verbatim
// except that an optional field left empty means "no key" (the format's default applies).
class FieldCodec
{
public:
    enum class Kind
    {
        Text,       // a string
        Expression, // a string; a number in the file shows as its text
        Number,     // a JSON number; whole numbers are written as integers
        Integer,    // a whole JSON number
        NumberList, // "16, 32, 64" <-> [16, 32, 64]
        Words       // "-O3 -ffast-math" <-> ["-O3", "-ffast-math"]
    };

    struct Parsed
    {
        bool ok = false;
        std::optional<SpecJson> value; // nullopt: remove the key
        QString error;                 // when !ok
    };

    static QString format(Kind kind, const SpecJson *value);
    static Parsed parse(Kind kind, const QString &text, bool optional);
    // Whether the text already says what the document holds (then a refresh must not touch
    // it: "1e-4" stays "1e-4" while the document holds 0.0001).
    static bool matches(Kind kind, const QString &text, const SpecJson *value, bool optional);

    // A number as JSON: an integer when it is a whole number that a double holds exactly.
    static SpecJson number(double value);
    static std::optional<double> toNumber(const QString &text);
    static QString formatNumber(const SpecJson &value);
};

} // namespace tb
