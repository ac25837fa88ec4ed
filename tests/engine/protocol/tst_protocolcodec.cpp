// The worker protocol's codec: every message round-trips with every field; every malformed input
// ends in a typed error, never an exception or a crash. The stream parser: tst_streamparser.
#include "protocol/messagecodec.h"
#include "protocoltestmessages.h"

#include <QTest>

#include <cmath>
#include <limits>
#include <random>

using namespace tb;
using namespace tbtest;

namespace {
QString statusName(ResultStatus status)
{
    return QString::fromLatin1(toString(status));
}

void verifySameResult(const Result &a, const Result &b)
{
    QCOMPARE(statusName(a.status), statusName(b.status));
    QCOMPARE(a.message, b.message);
    QCOMPARE(a.compilerLog, b.compilerLog);
    QCOMPARE(a.samples, b.samples);
    QCOMPARE(a.summary.median, b.summary.median);
    QCOMPARE(a.summary.min, b.summary.min);
    QCOMPARE(a.summary.mean, b.summary.mean);
    QCOMPARE(a.summary.stddev, b.summary.stddev);
    QCOMPARE(a.summary.count, b.summary.count);
    QCOMPARE(a.summary.relativeHalfWidth, b.summary.relativeHalfWidth);
    QCOMPARE(a.timer, b.timer);
    QCOMPARE(a.compileSeconds, b.compileSeconds);
    QCOMPARE(a.cachedBuild, b.cachedBuild);
    QCOMPARE(a.resources, b.resources);
    QCOMPARE(a.metrics, b.metrics);
}

template <typename T> T roundTrip(const T &message)
{
    const std::string frame = encode(message);
    if (frame.empty() || frame.back() != '\n' || frame.find('\n') != frame.size() - 1)
        qFatal("a frame must be one line ending in a newline: %s", frame.c_str());
    auto decoded = decode(frame);
    if (!decoded)
        qFatal("decode failed: %s", decoded.error().toString().c_str());
    if (!std::holds_alternative<T>(decoded.value()))
        qFatal("decoded to another message type");
    return std::get<T>(decoded.value());
}

// Names, not enums, so that a failure prints readably (and tb's toString() stays out of QTest's
// way).
QString faultOf(std::string_view frame)
{
    const auto decoded = decode(frame);
    return QString::fromLatin1(decoded ? "ok" : toString(protocolFault(decoded.error())));
}

QString faultOf(const EngineError &error)
{
    return QString::fromLatin1(toString(protocolFault(error)));
}

} // namespace

class TestProtocolCodec : public QObject
{
    Q_OBJECT

private slots:
    void roundTripsTheHandshake()
    {
        const HelloMessage hello{kProtocolVersion,
                                 "0.1.0",
                                 "bench",
                                 4242,
                                 "gpu-node-07",
                                 "cuda: NVIDIA H100 80GB HBM3 (sm_90)",
                                 {}};
        QVERIFY(roundTrip(hello) == hello);
        QVERIFY(encode(hello).find("\"gpu\"") == std::string::npos); // no GPU: not sent
        const SetupMessage setup{"{\n  \"name\": \"saxpy\",\n  \"code\": \"a[i] = \\\"x\\\";\"\n}",
                                 "/home/u/specs", "/home/u/.cache/tunebench"};
        QVERIFY(roundTrip(setup) == setup);
        QVERIFY(roundTrip(ReadyMessage{}) == ReadyMessage{});
        const SetupFailedMessage failed{"unknown element type 'f16'", "at $.arguments[2].type"};
        QVERIFY(roundTrip(failed) == failed);
        QVERIFY(roundTrip(ShutdownMessage{}) == ShutdownMessage{});
    }

    // A CUDA measuring worker started through srun or ssh names its GPU: the run learns the
    // model, UUID, architecture and peaks from nowhere else.
    void roundTripsTheGpuOfAHello()
    {
        HelloMessage hello{kProtocolVersion,        "0.1.0", "cuda", 7, "gpu-node-07",
                           "NVIDIA H100 80GB HBM3", {}};
        hello.gpu = {"GPU-5c8e9a2d-0000",
                     "NVIDIA H100 80GB HBM3",
                     "GPU-5c8e9a2d-0000",
                     "sm_90",
                     {66.9e12, 3.35e12, kPeakFromDevice, kPeakFromDevice}};
        QVERIFY(roundTrip(hello) == hello);
        hello.gpu.peaks = {}; // a driver that gives no clocks: no peaks, still a GPU
        QVERIFY(roundTrip(hello) == hello);

        const std::string zeroPeak =
            R"({"type":"hello","protocol":3,"workerVersion":"v","role":"cuda","pid":1,)"
            R"("host":"h","device":"d","gpu":{"visibleDevice":"0","name":"n","uuid":"u",)"
            R"("arch":"sm_90","peakFlops":0}})";
        QCOMPARE(faultOf(zeroPeak), QStringLiteral("wrong_type"));
        const std::string notAnObject =
            R"({"type":"hello","protocol":3,"workerVersion":"v","role":"cuda","pid":1,)"
            R"("host":"h","device":"d","gpu":"H100"})";
        QCOMPARE(faultOf(notAnObject), QStringLiteral("wrong_type"));
        const std::string noName =
            R"({"type":"hello","protocol":3,"workerVersion":"v","role":"cuda","pid":1,)"
            R"("host":"h","device":"d","gpu":{"visibleDevice":"0","uuid":"u","arch":"sm_90"}})";
        QCOMPARE(faultOf(noName), QStringLiteral("missing_field"));
    }

    void roundTripsJobsAndResults()
    {
        const JobMessage job{(std::uint64_t(1) << 63) + 5, {64, 0.5, -3, 1e300}, 7};
        QVERIFY(roundTrip(job) == job);
        const JobMessage mayStopEarly{6, {1}, 0, 4.5e-3}; // early exit above 4.5 ms
        QVERIFY(roundTrip(mayStopEarly) == mayStopEarly);
        QVERIFY(encode(job).find("stopAbove") == std::string::npos); // none: not sent
        const ReferenceMessage reference{(std::uint64_t(1) << 40) + 3, true};
        QVERIFY(roundTrip(reference) == reference);
        QVERIFY(roundTrip(ReferenceMessage{8, false}) == (ReferenceMessage{8, false}));

        const JobResultMessage answer{99, fullResult()};
        const auto decoded = roundTrip(answer);
        QCOMPARE(decoded.id, std::uint64_t(99));
        verifySameResult(decoded.result, answer.result);
    }

    void roundTripsEveryStatusAndNonFiniteNumbers()
    {
        for (int i = 0; i <= static_cast<int>(ResultStatus::ReferenceFailed); ++i) {
            JobResultMessage answer{1, {}};
            answer.result.status = static_cast<ResultStatus>(i);
            answer.result.samples = {std::numeric_limits<double>::quiet_NaN()};
            const auto decoded = roundTrip(answer);
            QCOMPARE(statusName(decoded.result.status), statusName(answer.result.status));
            QVERIFY(std::isnan(decoded.result.samples.at(0)));
        }
    }

    void replacesInvalidUtf8InsteadOfFailing()
    {
        JobResultMessage answer{3, {}};
        answer.result.compilerLog = "bad byte \xff here";
        const auto decoded = roundTrip(answer);
        QVERIFY(decoded.result.compilerLog.rfind("bad byte ", 0) == 0);
        QVERIFY(decoded.result.compilerLog.size() > 9);
    }

    void typesEveryMalformedFrame()
    {
        QCOMPARE(faultOf("this is not json"), QStringLiteral("garbage"));
        QCOMPARE(faultOf("{\"type\": \"job\""), QStringLiteral("garbage"));
        QCOMPARE(faultOf("[1, 2, 3]"), QStringLiteral("not_an_object"));
        QCOMPARE(faultOf("42"), QStringLiteral("not_an_object"));
        QCOMPARE(faultOf("{}"), QStringLiteral("unknown_type"));
        QCOMPARE(faultOf(R"({"type": 7})"), QStringLiteral("unknown_type"));
        QCOMPARE(faultOf(R"({"type": "launch_missiles"})"), QStringLiteral("unknown_type"));
        QCOMPARE(faultOf(R"({"type": "job", "values": [1], "sizeIndex": 0})"),
                 QStringLiteral("missing_field"));
        QCOMPARE(faultOf(R"({"type": "job", "id": "1", "values": [1], "sizeIndex": 0})"),
                 QStringLiteral("wrong_type"));
        QCOMPARE(faultOf(R"({"type": "job", "id": -1, "values": [1], "sizeIndex": 0})"),
                 QStringLiteral("wrong_type"));
        QCOMPARE(faultOf(R"({"type": "job", "id": 1.5, "values": [1], "sizeIndex": 0})"),
                 QStringLiteral("wrong_type"));
        QCOMPARE(faultOf(R"({"type": "job", "id": 1, "values": ["a"], "sizeIndex": 0})"),
                 QStringLiteral("wrong_type"));
        QCOMPARE(faultOf(R"({"type": "job", "id": 1, "values": [1], "sizeIndex": 0,
                              "stopAbove": -1})"),
                 QStringLiteral("wrong_type"));
        QCOMPARE(faultOf(R"({"type": "job", "id": 1, "values": [1], "sizeIndex": 0,
                              "stopAbove": "inf"})"),
                 QStringLiteral("wrong_type"));
        QCOMPARE(faultOf(R"({"type": "hello", "protocol": 1})"), QStringLiteral("missing_field"));
        QCOMPARE(faultOf(R"({"type": "setup_failed", "message": "x", "detail": null})"),
                 QStringLiteral("wrong_type"));
        QCOMPARE(faultOf(R"({"type": "job_result", "id": 1, "result": []})"),
                 QStringLiteral("wrong_type"));
    }

    void namesTheFieldInTheError()
    {
        const auto decoded = decode(R"({"type": "job", "values": [1], "sizeIndex": 0})");
        QVERIFY(!decoded);
        QCOMPARE(decoded.error().code, EngineError::Code::ProtocolError);
        QCOMPARE(decoded.error().detail, std::string("missing_field: 'id' in job"));

        std::string frame = encode(JobResultMessage{5, fullResult()});
        frame.replace(frame.find("\"count\""), 7, "\"tally\"");
        const auto nested = decode(frame);
        QVERIFY(!nested);
        QCOMPARE(faultOf(nested.error()), QStringLiteral("missing_field"));
        QVERIFY2(nested.error().detail.find("job_result.result.summary") != std::string::npos,
                 nested.error().detail.c_str());

        std::string badStatus = encode(JobResultMessage{5, fullResult()});
        badStatus.replace(badStatus.find("wrong_result"), 12, "exploded");
        QCOMPARE(faultOf(badStatus), QStringLiteral("wrong_type"));
    }

    void ignoresUnknownFieldsForNewerPeers()
    {
        auto decoded = decode(R"({"type": "ready", "gpuClockMHz": 1980})");
        QVERIFY(decoded);
        QVERIFY(std::holds_alternative<ReadyMessage>(decoded.value()));
    }

    void peeksTheVersionOfAnyHello()
    {
        QCOMPARE(peekProtocolVersion(R"({"type": "hello", "protocol": 2, "new": "shape"})"),
                 std::optional<int>(2));
        QCOMPARE(peekProtocolVersion("garbage"), std::optional<int>());
        QCOMPARE(peekProtocolVersion(R"({"protocol": "1"})"), std::optional<int>());
    }

    void survivesRandomBytes()
    {
        std::mt19937 random(20261105);
        const std::string valid = encode(JobResultMessage{1, fullResult()});
        const std::string alphabet = "{}[]\":,\n\\ 0123456789.eE-+truefalsnul\xff\xc3";
        for (int round = 0; round < 400; ++round) {
            std::string bytes;
            const int mode = round % 3;
            if (mode == 0) { // uniformly random bytes
                bytes.resize(random() % 2048);
                for (char &c : bytes)
                    c = static_cast<char>(random() & 0xff);
            } else if (mode == 1) { // JSON-ish tokens
                bytes.resize(random() % 2048);
                for (char &c : bytes)
                    c = alphabet[random() % alphabet.size()];
            } else { // a valid frame with a few bytes changed, removed or cut
                bytes = valid;
                for (int k = 0; k < 3; ++k)
                    bytes[random() % bytes.size()] = static_cast<char>(random() & 0xff);
                bytes.resize(random() % (bytes.size() + 1));
            }
            StreamParser parser(1500);
            std::size_t offset = 0;
            while (offset < bytes.size()) {
                const std::size_t piece = 1 + random() % 64;
                parser.feed(std::string_view(bytes).substr(offset, piece));
                offset += piece;
                QVERIFY(parser.bufferedBytes() <= 1500);
            }
            parser.finish();
            while (auto item = parser.next()) {
                if (!*item)
                    QVERIFY(protocolFault(item->error()) != ProtocolFault::None);
            }
        }
    }

    void survivesDeepNesting()
    {
        const std::string deep = std::string(100000, '[') + std::string(100000, ']');
        QCOMPARE(faultOf(deep), QStringLiteral("not_an_object"));
        QCOMPARE(faultOf(std::string(100000, '{')), QStringLiteral("garbage"));
    }
};

QTEST_GUILESS_MAIN(TestProtocolCodec)
#include "tst_protocolcodec.moc"
