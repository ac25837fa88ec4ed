#include "tritonargumentdraft.h"

#include "tritoninspectedparam.h"

#include <algorithm>
#include <cctype>

namespace tb {

namespace {

using Json = nlohmann::ordered_json;

std::string lower(std::string text)
{
    std::transform(text.begin(), text.end(), text.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return text;
}

bool contains(const std::string &text, const char *part)
{
    return text.find(part) != std::string::npos;
}

std::string annotationOf(const nlohmann::json &param)
{
    return lower(param.value("annotation", std::string()));
}

// Triton's own test: an annotation naming a pointer; else the name's convention (a_ptr).
bool isPointer(const nlohmann::json &param)
{
    const std::string annotation = annotationOf(param);
    return contains(annotation, "pointer") || contains(annotation, "ptr") ||
           lower(paramName(param)).ends_with("ptr");
}

} // namespace

// The key's variables (those that are not also tunable), else one "N".
TritonArgumentDraft::TritonArgumentDraft(const nlohmann::json &inspect, const IsTunable &isTunable,
                                         std::vector<SpecGuess> &guesses)
    : m_params(inspect.at("params")), m_guesses(guesses)
{
    const auto autotune = inspect.value("autotune", nlohmann::json());
    if (autotune.is_object())
        for (const auto &name : autotune.value("key", nlohmann::json::array()))
            if (!isTunable(name.get<std::string>()))
                m_sizes.push_back(name.get<std::string>());
    if (m_sizes.empty())
        m_sizes.push_back(isTunable("N") ? "SIZE" : "N");
}

void TritonArgumentDraft::writeProblemSizes(nlohmann::ordered_json &document)
{
    // Buffers are the product of every size: 1024^3 elements would not fit.
    const int value = m_sizes.size() <= 2 ? 1024 : 256;
    Json size = Json::object();
    for (const std::string &name : m_sizes) {
        size[name] = value;
        guess("/problem_sizes/0/" + name, "the size to tune for is a guess");
    }
    document["problem_sizes"] = Json::array({size});
}

void TritonArgumentDraft::writeArguments(nlohmann::ordered_json &document)
{
    Json arguments = Json::array();
    std::vector<std::size_t> buffers;
    for (const auto &item : m_params) {
        if (isConstexprParam(item))
            continue;
        const std::string pointer = "/arguments/" + std::to_string(arguments.size());
        if (isPointer(item)) {
            buffers.push_back(arguments.size());
            arguments.push_back(buffer(item, pointer, buffers.size()));
        } else {
            arguments.push_back(scalar(item, pointer));
        }
    }
    markOutputs(arguments, buffers);
    document["arguments"] = std::move(arguments);
}

void TritonArgumentDraft::guess(std::string pointer, std::string why)
{
    m_guesses.push_back({std::move(pointer), std::move(why)});
}

std::string TritonArgumentDraft::allSizes() const
{
    std::string product;
    for (const std::string &name : m_sizes)
        product += (product.empty() ? "" : " * ") + name;
    return product;
}

bool TritonArgumentDraft::isSize(const std::string &name) const
{
    return std::find(m_sizes.begin(), m_sizes.end(), name) != m_sizes.end();
}

nlohmann::ordered_json TritonArgumentDraft::buffer(const nlohmann::json &item,
                                                   const std::string &pointer, std::size_t seed)
{
    guess(pointer + "/type",
          "float32 is a guess: the source does not say what " + paramName(item) + " points to");
    guess(pointer + "/size", "a guess: the product of the sizes, enough for a kernel "
                             "over them");
    return {{"name", item.at("name")},
            {"kind", "buffer"},
            {"type", "float32"},
            {"size", allSizes()},
            {"init", {{"random", {{"seed", seed}, {"min", -1}, {"max", 1}}}}}};
}

nlohmann::ordered_json TritonArgumentDraft::scalar(const nlohmann::json &item,
                                                   const std::string &pointer)
{
    const std::string name = paramName(item);
    const std::string annotation = annotationOf(item);
    const bool real = contains(annotation, "float") || contains(annotation, "fp");
    std::string value = name;
    if (!isSize(name)) {
        value = real || contains(lower(name), "stride") ? "1" : m_sizes.front();
        guess(pointer + "/value", "a guess: " + name + " is not in the autotune key");
    }
    return {
        {"name", name}, {"kind", "scalar"}, {"type", real ? "float32" : "int32"}, {"value", value}};
}

// The buffers named like an output (out_ptr, output), else the last one, are compared
// against the reference; they start at zero.
void TritonArgumentDraft::markOutputs(nlohmann::ordered_json &arguments,
                                      const std::vector<std::size_t> &buffers)
{
    std::vector<std::size_t> outputs;
    for (std::size_t index : buffers)
        if (contains(lower(arguments[index]["name"].get<std::string>()), "out"))
            outputs.push_back(index);
    if (outputs.empty() && !buffers.empty())
        outputs.push_back(buffers.back());
    for (std::size_t index : outputs) {
        Json &argument = arguments[index];
        argument.erase("init");
        argument["output"] = true;
        guess("/arguments/" + std::to_string(index) + "/output",
              "a guess: which buffers the kernel writes (named like an output, else the "
              "last)");
    }
}

} // namespace tb
