#include "pythonrestriction.h"

#include <cctype>
#include <cstddef>
#include <set>
#include <vector>

namespace tb {

namespace {

struct Token
{
    enum class Kind
    {
        Name,
        Number,
        Operator,
        End
    };
    Kind kind = Kind::End;
    std::string text;
    std::size_t at = 0; // offset in the restriction, for messages
};

// Thrown inside this file only: what cannot be translated, and where.
struct Untranslatable
{
    std::string what;
    std::size_t at = 0;
};

[[noreturn]] void untranslatable(const std::string &what, std::size_t at)
{
    throw Untranslatable{what, at};
}

bool isNameStart(char c)
{
    return std::isalpha(static_cast<unsigned char>(c)) || c == '_';
}

bool isNamePart(char c)
{
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}

// A Python number literal as the dialect writes it: underscores dropped, hexadecimal,
// octal and binary in decimal.
std::string numberText(const std::string &literal, std::size_t at)
{
    std::string digits;
    for (char c : literal)
        if (c != '_')
            digits += c;
    if (digits.size() > 2 && digits[0] == '0' &&
        std::isalpha(static_cast<unsigned char>(digits[1]))) {
        const char base = static_cast<char>(std::tolower(static_cast<unsigned char>(digits[1])));
        const int radix = base == 'x' ? 16 : base == 'o' ? 8 : base == 'b' ? 2 : 0;
        if (radix == 0)
            untranslatable("the number '" + literal + "'", at);
        try {
            return std::to_string(std::stoull(digits.substr(2), nullptr, radix));
        } catch (const std::exception &) {
            untranslatable("the number '" + literal + "'", at);
        }
    }
    if (!digits.empty() && (digits.back() == 'j' || digits.back() == 'J'))
        untranslatable("the complex number '" + literal + "'", at);
    return digits;
}

std::vector<Token> tokenize(const std::string &text)
{
    static const char *const pairs[] = {"**", "//", "<=", ">=", "==", "!="};
    std::vector<Token> tokens;
    std::size_t i = 0;
    while (i < text.size()) {
        const char c = text[i];
        if (std::isspace(static_cast<unsigned char>(c))) {
            ++i;
        } else if (isNameStart(c)) {
            const std::size_t start = i;
            while (i < text.size() && isNamePart(text[i]))
                ++i;
            tokens.push_back({Token::Kind::Name, text.substr(start, i - start), start});
        } else if (std::isdigit(static_cast<unsigned char>(c)) ||
                   (c == '.' && i + 1 < text.size() &&
                    std::isdigit(static_cast<unsigned char>(text[i + 1])))) {
            const std::size_t start = i;
            while (i < text.size() && (isNamePart(text[i]) || text[i] == '.' ||
                                       ((text[i] == '+' || text[i] == '-') &&
                                        (text[i - 1] == 'e' || text[i - 1] == 'E'))))
                ++i;
            const std::string literal = text.substr(start, i - start);
            tokens.push_back({Token::Kind::Number, numberText(literal, start), start});
        } else {
            std::string op(1, c);
            for (const char *pair : pairs)
                if (text.compare(i, 2, pair) == 0)
                    op = pair;
            if (op.size() == 1 && std::string("+-*/%()[],<>").find(c) == std::string::npos)
                untranslatable(c == '\'' || c == '"' ? std::string("a string")
                                                     : "the character '" + op + "'",
                               i);
            tokens.push_back({Token::Kind::Operator, op, i});
            i += op.size();
        }
    }
    tokens.push_back({Token::Kind::End, "", text.size()});
    return tokens;
}

// A recursive-descent parser over Python's grammar for the expressions restrictions use, from
// the conditional expression down to the atom, writing each construct fully parenthesised.
class Translator
{
public:
    explicit Translator(std::vector<Token> tokens) : m_tokens(std::move(tokens)) {}

    std::string translate()
    {
        std::string result = test();
        if (peek().kind != Token::Kind::End)
            untranslatable("'" + peek().text + "' after a whole expression", peek().at);
        return result;
    }

private:
    const Token &peek() const { return m_tokens[m_next]; }
    Token take() { return m_tokens[m_next++]; }
    bool isKeyword(const char *word) const
    {
        return peek().kind == Token::Kind::Name && peek().text == word;
    }
    bool isOperator(const char *op) const
    {
        return peek().kind == Token::Kind::Operator && peek().text == op;
    }
    void expectOperator(const char *op)
    {
        if (!isOperator(op))
            untranslatable(std::string("expected '") + op + "', found " + found(), peek().at);
        take();
    }
    std::string found() const
    {
        return peek().kind == Token::Kind::End ? std::string("the end") : "'" + peek().text + "'";
    }

    // x if c else y
    std::string test()
    {
        std::string value = orTest();
        if (!isKeyword("if"))
            return value;
        take();
        std::string condition = orTest();
        if (!isKeyword("else"))
            untranslatable("expected 'else', found " + found(), peek().at);
        take();
        std::string otherwise = test();
        return "(" + condition + " ? " + value + " : " + otherwise + ")";
    }

    std::string orTest() { return chain("or", " || ", &Translator::andTest); }
    std::string andTest() { return chain("and", " && ", &Translator::notTest); }

    // operand (keyword operand)*, left to right, as `op`.
    std::string chain(const char *keyword, const char *op, std::string (Translator::*operand)())
    {
        std::string left = (this->*operand)();
        while (isKeyword(keyword)) {
            take();
            left = "(" + left + op + (this->*operand)() + ")";
        }
        return left;
    }

    std::string notTest()
    {
        if (!isKeyword("not"))
            return comparison();
        take();
        return "(" + notTest() + " == 0)";
    }

    bool atComparison() const
    {
        static const std::set<std::string> operators{"<", ">", "<=", ">=", "==", "!="};
        return (peek().kind == Token::Kind::Operator && operators.count(peek().text)) ||
               isKeyword("in") || isKeyword("not") || isKeyword("is");
    }

    // a < b <= c is (a < b) && (b <= c); x in [1, 2] is (x == 1) || (x == 2).
    std::string comparison()
    {
        std::string left = arithmetic();
        std::vector<std::string> parts;
        while (atComparison()) {
            const Token op = take();
            if (op.text == "is")
                untranslatable("'is'", op.at);
            if (op.text == "not" || op.text == "in") {
                const bool negated = op.text == "not";
                if (negated) {
                    if (!isKeyword("in"))
                        untranslatable("expected 'in' after 'not', found " + found(), peek().at);
                    take();
                }
                parts.push_back(membership(left, negated));
                left = "";
                if (atComparison())
                    untranslatable("a comparison chained after 'in'", peek().at);
                break;
            }
            std::string right = arithmetic();
            parts.push_back("(" + left + " " + op.text + " " + right + ")");
            left = right;
        }
        if (parts.empty())
            return left;
        std::string joined = parts[0];
        for (std::size_t i = 1; i < parts.size(); ++i)
            joined = "(" + joined + " && " + parts[i] + ")";
        return joined;
    }

    std::string membership(const std::string &value, bool negated)
    {
        const char *close = isOperator("[") ? "]" : isOperator("(") ? ")" : nullptr;
        if (!close)
            untranslatable("'in' takes a list or tuple of numbers here, found " + found(),
                           peek().at);
        take();
        std::vector<std::string> items;
        while (!isOperator(close)) {
            items.push_back(arithmetic());
            if (!isOperator(","))
                break;
            take();
        }
        expectOperator(close);
        if (items.empty())
            return negated ? "1" : "0";
        std::string joined;
        for (const std::string &item : items) {
            const std::string test = "(" + value + (negated ? " != " : " == ") + item + ")";
            joined =
                joined.empty() ? test : "(" + joined + (negated ? " && " : " || ") + test + ")";
        }
        return joined;
    }

    std::string arithmetic()
    {
        std::string left = term();
        while (isOperator("+") || isOperator("-")) {
            const std::string op = take().text;
            left = "(" + left + " " + op + " " + term() + ")";
        }
        return left;
    }

    std::string term()
    {
        std::string left = factor();
        while (isOperator("*") || isOperator("/") || isOperator("//") || isOperator("%")) {
            const std::string op = take().text;
            const std::string right = factor();
            left = op == "//" ? "div(" + left + ", " + right + ")"
                              : "(" + left + " " + op + " " + right + ")";
        }
        return left;
    }

    std::string factor()
    {
        if (isOperator("-")) {
            take();
            return "(-" + factor() + ")";
        }
        if (isOperator("+")) {
            take();
            return factor();
        }
        return power();
    }

    // ** binds tighter than a unary minus on its left, looser on its right: -2**-1 is
    // -(2**(-1)).
    std::string power()
    {
        std::string base = atom();
        if (!isOperator("**"))
            return base;
        take();
        return "(" + base + " ^ " + factor() + ")";
    }

    std::string atom()
    {
        const Token token = take();
        if (token.kind == Token::Kind::Number)
            return token.text;
        if (token.kind == Token::Kind::Operator && token.text == "(") {
            std::string inner = test();
            if (isOperator(","))
                untranslatable("a tuple", peek().at);
            expectOperator(")");
            return "(" + inner + ")";
        }
        if (token.kind != Token::Kind::Name)
            untranslatable(token.kind == Token::Kind::End ? "the end, where a value belongs"
                                                          : "'" + token.text + "'",
                           token.at);
        if (token.text == "True")
            return "1";
        if (token.text == "False")
            return "0";
        static const std::set<std::string> keywords{"and",  "or",     "not",  "in",  "is", "if",
                                                    "else", "lambda", "None", "for", "def"};
        if (keywords.count(token.text))
            untranslatable("'" + token.text + "'", token.at);
        if (isOperator("("))
            return call(token);
        if (isOperator("["))
            untranslatable("'" + token.text + "['", peek().at);
        return token.text;
    }

    std::string call(const Token &function)
    {
        static const std::set<std::string> functions{"min", "max", "abs", "float"};
        if (!functions.count(function.text))
            untranslatable("the function '" + function.text + "'", function.at);
        take(); // (
        std::vector<std::string> arguments;
        while (!isOperator(")")) {
            arguments.push_back(test());
            if (!isOperator(","))
                break;
            take();
        }
        expectOperator(")");
        const bool unary = function.text == "abs" || function.text == "float";
        if (unary ? arguments.size() != 1 : arguments.size() < 2)
            untranslatable("'" + function.text + "' with " + std::to_string(arguments.size()) +
                               " arguments",
                           function.at);
        if (function.text == "float")
            return arguments[0];
        std::string text = function.text + "(";
        for (std::size_t i = 0; i < arguments.size(); ++i)
            text += (i ? ", " : "") + arguments[i];
        return text + ")";
    }

    std::vector<Token> m_tokens;
    std::size_t m_next = 0;
};

} // namespace

Expected<std::string> translatePythonRestriction(const std::string &python)
{
    try {
        return Translator(tokenize(python)).translate();
    } catch (const Untranslatable &problem) {
        return makeError(EngineError::Code::InvalidArgument,
                         "the restriction '" + python + "' does not translate: " + problem.what +
                             " at character " + std::to_string(problem.at + 1));
    }
}

} // namespace tb
