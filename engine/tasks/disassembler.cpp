#include "disassembler.h"

#include "backend/cuda/compile/codefiles.h"
#include "symboldemangler.h"
#include "toolrun.h"

#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <utility>

namespace tb {

namespace {

std::optional<std::string> readFile(const std::string &path)
{
    std::ifstream file(path, std::ios::binary);
    if (!file)
        return std::nullopt;
    return std::string(std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>());
}

std::string trimmed(const std::string &text)
{
    const char *space = " \t\n\v\f\r";
    const std::size_t begin = text.find_first_not_of(space);
    if (begin == std::string::npos)
        return {};
    return text.substr(begin, text.find_last_not_of(space) - begin + 1);
}

std::string inDirectory(const std::string &directory, const char *file)
{
    return (std::filesystem::path(directory) / file).string();
}

} // namespace

CodeListings Disassembler::cudaCode(const std::string &codeDirectory) const
{
    CodeListings code;
    if (const auto symbol = readFile(inDirectory(codeDirectory, kCodeEntryFile)))
        code.symbol = trimmed(*symbol);
    code.entry = demangledName(code.symbol);

    CodeListing ptx{"PTX", {}, {}};
    if (const auto text = readFile(inDirectory(codeDirectory, kCodePtxFile)))
        ptx.text = withDemangledNames(*text);
    else
        ptx.problem = "The compile worker gave no PTX for this build (see the Compile log for "
                      "its notes).";
    code.listings.push_back(std::move(ptx));

    const std::string cubin = inDirectory(codeDirectory, kCodeCubinFile);
    std::error_code error;
    if (std::filesystem::exists(cubin, error))
        code.listings.push_back(sass(cubin));
    else
        code.listings.push_back({"SASS", {}, "The compile worker gave no cubin for this build."});
    return code;
}

CodeListings Disassembler::tritonCode(const std::string &codeDirectory) const
{
    CodeListings cuda = cudaCode(codeDirectory);
    CodeListings code{cuda.symbol, cuda.entry, {}};
    for (const auto &[title, file] :
         {std::pair{"TTIR", kCodeTtirFile}, std::pair{"TTGIR", kCodeTtgirFile},
          std::pair{"LLIR", kCodeLlirFile}}) {
        CodeListing listing{title, {}, {}};
        if (const auto text = readFile(inDirectory(codeDirectory, file)))
            listing.text = *text;
        else
            listing.problem = std::string("The compile worker gave no ") + title +
                              " for this build (see the Compile log for its notes).";
        code.listings.push_back(std::move(listing));
    }
    for (auto &listing : cuda.listings)
        code.listings.push_back(std::move(listing));
    return code;
}

CodeListing Disassembler::sass(const std::string &cubin) const
{
    CodeListing listing{"SASS", {}, {}};
    const std::string nvdisasm = findTool("nvdisasm", m_search);
    if (nvdisasm.empty()) {
        listing.problem =
            "SASS needs nvdisasm from the CUDA toolkit; not found in " + m_search.where + ".";
        return listing;
    }
    const ToolRun run = runTool(nvdisasm, {"-c", "-g", cubin}, m_timeoutMs, m_cancelled);
    if (!run.problem.empty())
        listing.problem = run.problem;
    else
        listing.text = withDemangledNames(run.output);
    return listing;
}

CodeListings Disassembler::hostCode(const std::string &library, const std::string &symbol) const
{
    CodeListings code;
    code.symbol = symbol;
    code.entry = demangledName(symbol);
    CodeListing listing{"Disassembly", {}, {}};
    const std::string objdump = findTool("objdump", m_search);
    if (objdump.empty()) {
        listing.problem =
            "The disassembly needs objdump (GNU binutils); not found in " + m_search.where + ".";
        code.listings.push_back(std::move(listing));
        return code;
    }
    const ToolRun run =
        runTool(objdump, {"-d", "--no-show-raw-insn", "-C", "--disassemble=" + symbol, library},
                m_timeoutMs, m_cancelled);
    if (!run.problem.empty())
        listing.problem = run.problem;
    else if (run.output.find("<" + symbol + ">:") == std::string::npos)
        listing.problem = "objdump found no function '" + symbol +
                          "' in the built library (a C++ entry must be extern \"C\").";
    else
        listing.text = run.output;
    code.listings.push_back(std::move(listing));
    return code;
}

} // namespace tb
