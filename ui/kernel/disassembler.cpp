#include "disassembler.h"

#include "backend/cuda/compile/codefiles.h"
#include "symboldemangler.h"

#include <QDir>
#include <QFile>

#include <optional>

namespace tb {

namespace {

std::optional<QByteArray> readFile(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return std::nullopt;
    return file.readAll();
}

} // namespace

CodeListings Disassembler::cudaCode(const QString &codeDirectory) const
{
    const QDir directory(codeDirectory);
    CodeListings code;
    if (const auto symbol = readFile(directory.filePath(QLatin1String(kCodeEntryFile))))
        code.symbol = symbol->trimmed().toStdString();
    code.entry = demangledName(code.symbol);

    CodeListing ptx{"PTX", {}, {}};
    if (const auto text = readFile(directory.filePath(QLatin1String(kCodePtxFile))))
        ptx.text = withDemangledNames(text->toStdString());
    else
        ptx.problem = "The compile worker gave no PTX for this build (see the Compile log for "
                      "its notes).";
    code.listings.push_back(std::move(ptx));

    const QString cubin = directory.filePath(QLatin1String(kCodeCubinFile));
    if (QFile::exists(cubin))
        code.listings.push_back(sass(cubin));
    else
        code.listings.push_back({"SASS", {}, "The compile worker gave no cubin for this build."});
    return code;
}

CodeListing Disassembler::sass(const QString &cubin) const
{
    CodeListing listing{"SASS", {}, {}};
    const QString nvdisasm = findTool(QStringLiteral("nvdisasm"), m_search);
    if (nvdisasm.isEmpty()) {
        listing.problem = "SASS needs nvdisasm from the CUDA toolkit; not found in " +
                          m_search.where.toStdString() + ".";
        return listing;
    }
    const ToolRun run = runTool(nvdisasm, {QStringLiteral("-c"), QStringLiteral("-g"), cubin},
                                m_timeoutMs, m_cancelled);
    if (!run.problem.isEmpty())
        listing.problem = run.problem.toStdString();
    else
        listing.text = withDemangledNames(run.output.toStdString());
    return listing;
}

CodeListings Disassembler::hostCode(const QString &library, const std::string &symbol) const
{
    CodeListings code;
    code.symbol = symbol;
    code.entry = demangledName(symbol);
    CodeListing listing{"Disassembly", {}, {}};
    const QString objdump = findTool(QStringLiteral("objdump"), m_search);
    if (objdump.isEmpty()) {
        listing.problem = "The disassembly needs objdump (GNU binutils); not found in " +
                          m_search.where.toStdString() + ".";
        code.listings.push_back(std::move(listing));
        return code;
    }
    const ToolRun run =
        runTool(objdump,
                {QStringLiteral("-d"), QStringLiteral("--no-show-raw-insn"), QStringLiteral("-C"),
                 QStringLiteral("--disassemble=") + QString::fromStdString(symbol), library},
                m_timeoutMs, m_cancelled);
    if (!run.problem.isEmpty())
        listing.problem = run.problem.toStdString();
    else if (!run.output.contains(QStringLiteral("<%1>:").arg(QString::fromStdString(symbol))))
        listing.problem = "objdump found no function '" + symbol +
                          "' in the built library (a C++ entry must be extern \"C\").";
    else
        listing.text = run.output.toStdString();
    code.listings.push_back(std::move(listing));
    return code;
}

} // namespace tb
