#include "capture/kernelsignature.h"

#include <QTest>

using namespace tb;

class TestKernelSignature : public QObject
{
    Q_OBJECT

private slots:
    void readsAPlainKernel()
    {
        const auto signature = parseKernelSignature("saxpy(int, float, float const*, float*)");
        QVERIFY(signature.known);
        QCOMPARE(signature.entry, std::string("saxpy"));
        QCOMPARE(signature.parameters.size(), std::size_t(4));
        QVERIFY(!signature.parameters[0].pointer);
        QCOMPARE(*signature.parameters[0].element, ElementType::Int32);
        QCOMPARE(*signature.parameters[1].element, ElementType::Float32);
        QVERIFY(signature.parameters[2].pointer);
        QCOMPARE(*signature.parameters[2].element, ElementType::Float32);
        QCOMPARE(signature.parameters[2].text, std::string("float const*"));
    }

    void dropsATemplateFunctionsReturnType()
    {
        const auto signature =
            parseKernelSignature("void gemm<128, 64>(float const* __restrict__, double*, "
                                 "unsigned long long, ns::Pair<int, int>)");
        QCOMPARE(signature.entry, std::string("gemm<128, 64>"));
        QCOMPARE(signature.parameters.size(), std::size_t(4));
        QCOMPARE(*signature.parameters[0].element, ElementType::Float32);
        QCOMPARE(*signature.parameters[1].element, ElementType::Float64);
        QCOMPARE(*signature.parameters[2].element, ElementType::UInt64);
        QVERIFY(!signature.parameters[3].element); // a struct: the spec has no such type
        QVERIFY(!signature.parameters[3].pointer);
    }

    void keepsNamespacesInTheEntry()
    {
        const auto signature = parseKernelSignature("app::kernels::scale(__half*, int)");
        QCOMPARE(signature.entry, std::string("app::kernels::scale"));
        QCOMPARE(*signature.parameters[0].element, ElementType::Float16);
    }

    void anExternCNameSaysNothingOfItsParameters()
    {
        const auto signature = parseKernelSignature("copy_scale");
        QVERIFY(!signature.known);
        QCOMPARE(signature.entry, std::string("copy_scale"));
        QVERIFY(signature.parameters.empty());
    }

    void noParametersIsAKnownEmptyList()
    {
        QVERIFY(parseKernelSignature("tick()").known);
        QVERIFY(parseKernelSignature("tick()").parameters.empty());
        QVERIFY(parseKernelSignature("tick(void)").parameters.empty());
    }

    void pointersToPointersAndVectorsHaveNoElementType()
    {
        const auto signature = parseKernelSignature("k(float**, float4*, unsigned char*)");
        QVERIFY(signature.parameters[0].pointer);
        QVERIFY(!signature.parameters[0].element);
        QVERIFY(!signature.parameters[1].element);
        QCOMPARE(*signature.parameters[2].element, ElementType::UInt8);
    }

    void namesOfCppTypes()
    {
        QCOMPARE(*elementTypeOfCppName("unsigned int"), ElementType::UInt32);
        QCOMPARE(*elementTypeOfCppName("long"), ElementType::Int64);
        QCOMPARE(*elementTypeOfCppName("__nv_bfloat16"), ElementType::BFloat16);
        QVERIFY(!elementTypeOfCppName("float2"));
    }
};

QTEST_GUILESS_MAIN(TestKernelSignature)
#include "tst_kernelsignature.moc"
