// readCubinSymbols() reads a module's variables and functions from its ELF image: on a real cubin
// NVRTC built (where the toolkit is), and on hostile bytes, which must read as no variables, never
// out of bounds (run under ASan in CI).
#include "capture/cubinsymbols.h"
#ifdef TB_HAVE_NVRTC
#include "backend/cuda/compile/nvrtccompiler.h"
#endif

#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <fstream>
#include <iterator>

using namespace tb;

namespace {

std::vector<std::byte> bytesOf(const std::string &text)
{
    std::vector<std::byte> bytes(text.size());
    std::transform(text.begin(), text.end(), bytes.begin(),
                   [](char c) { return static_cast<std::byte>(c); });
    return bytes;
}

std::vector<std::byte> fileBytes(const std::string &path)
{
    std::ifstream in(path, std::ios::binary);
    return bytesOf(std::string(std::istreambuf_iterator<char>(in), {}));
}

const ModuleVariable *find(const std::vector<ModuleVariable> &variables, const std::string &name)
{
    const auto found = std::find_if(variables.begin(), variables.end(),
                                    [&](const ModuleVariable &v) { return v.name == name; });
    return found == variables.end() ? nullptr : &*found;
}

} // namespace

class TestCubinSymbols : public QObject
{
    Q_OBJECT

private slots:
    void bytesThatAreNoElfHaveNoVariables()
    {
        QVERIFY(readCubinSymbols({}).variables.empty());
        QVERIFY(readCubinSymbols(bytesOf("not an ELF image at all")).functions.empty());
        // The magic of a 32-bit ELF: only 64-bit images are cubins.
        std::string elf32("\x7f"
                          "ELF\x01\x01",
                          6);
        elf32.resize(128, '\0');
        QVERIFY(readCubinSymbols(bytesOf(elf32)).variables.empty());
    }

    void tablesPastTheEndAreIgnored()
    {
        std::string image("\x7f"
                          "ELF\x02\x01",
                          6);
        image.resize(64, '\0');
        // e_shoff far past the end, 0xffff sections of 64 bytes.
        const std::uint64_t offset = 1ull << 40;
        std::memcpy(image.data() + 0x28, &offset, 8);
        image[0x3a] = 64;
        image[0x3c] = '\xff';
        image[0x3d] = '\xff';
        QVERIFY(readCubinSymbols(bytesOf(image)).variables.empty());
    }

#ifdef TB_HAVE_NVRTC
    void findsTheConstantArraysOfARealCubin()
    {
        QTemporaryDir cache;
        const NvrtcCompiler compiler(cache.path().toStdString());
        KernelSource kernel;
        kernel.language = "cuda";
        kernel.entry = "inside";
        kernel.code = "__constant__ float polygon[64];\n"
                      "__constant__ int edges;\n"
                      "__device__ double scratch[3];\n"
                      "__global__ void inside(float *out) {\n"
                      "  out[threadIdx.x] = polygon[threadIdx.x] + edges + scratch[0];\n"
                      "  if (threadIdx.x == 999) printf(\"edges %d\\n\", edges);\n"
                      "}\n";
        const CudaBuild build = compiler.build(kernel, {}, Configuration{});
        QVERIFY2(build.succeeded(), build.errorMessage.c_str());
        const auto image = fileBytes(build.cubinPath);
        const CubinSymbols symbols = readCubinSymbols(image);
        const auto &variables = symbols.variables;
        QVERIFY(std::find(symbols.functions.begin(), symbols.functions.end(), build.loweredName) !=
                symbols.functions.end());
        const ModuleVariable *polygon = find(variables, "polygon");
        QVERIFY(polygon);
        QCOMPARE(polygon->bytes, std::uint64_t(64 * 4));
        QVERIFY(find(variables, "edges"));
        QCOMPARE(find(variables, "edges")->bytes, std::uint64_t(4));
        QVERIFY(find(variables, "scratch"));
        QCOMPARE(find(variables, "scratch")->bytes, std::uint64_t(24));
        // printf's format string is the compiler's ($str), no variable of the source.
        QCOMPARE(variables.size(), std::size_t(3));

        // Every cut of the real image reads without a fault; a cut one reads fewer or none.
        for (std::size_t cut = 0; cut < image.size(); cut += 97)
            QVERIFY(readCubinSymbols(std::span(image.data(), cut)).variables.size() <=
                    variables.size());
    }
#endif
};

QTEST_GUILESS_MAIN(TestCubinSymbols)
#include "tst_cubinsymbols.moc"
