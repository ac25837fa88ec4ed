// The worker protocol's stream parser: frames split anywhere, several in one read, oversized
// and truncated frames, each error in order and typed.
#include "protocoltestmessages.h"

#include <QTest>

using namespace tb;
using namespace tbtest;

class TestStreamParser : public QObject
{
    Q_OBJECT

private slots:
    void parsesFramesFedByteByByte()
    {
        const std::string stream = encode(HelloMessage{1, "v", "cpu", 1, "h", "d", {}}) +
                                   encode(ReadyMessage{}) +
                                   encode(JobResultMessage{3, fullResult()});
        StreamParser parser;
        Items items;
        for (char c : stream) {
            parser.feed(&c, 1);
            for (auto &item : drain(parser))
                items.push_back(item);
        }
        QCOMPARE(items, (Items{"hello", "ready", "job_result"}));
        QCOMPARE(parser.bufferedBytes(), std::size_t(0));
    }

    void parsesSeveralFramesInOneFeedWithErrorsInOrder()
    {
        StreamParser parser;
        parser.feed(encode(ReadyMessage{}) + "not json\n\r\n   \n[1]\n" +
                    encode(ShutdownMessage{}) + "{\"type\":\"ready\"}\r\n");
        QCOMPARE(drain(parser),
                 (Items{"ready", "!garbage", "!not_an_object", "shutdown", "ready"}));
    }

    void cutsOffAnOversizedFrameWithoutBufferingIt()
    {
        StreamParser parser(1024);
        const std::string chunk(700, 'x');
        for (int i = 0; i < 20; ++i) {
            parser.feed(chunk);
            QVERIFY(parser.bufferedBytes() <= 1024);
        }
        QCOMPARE(drain(parser), (Items{"!oversized_frame"}));
        // The rest of the long line is dropped; the stream resynchronises at its newline.
        parser.feed(chunk + "\n" + encode(ShutdownMessage{}));
        QCOMPARE(drain(parser), (Items{"shutdown"}));

        // A frame of exactly the limit is fine.
        parser.feed(std::string(1024, ' ') + "\n" + encode(ReadyMessage{}));
        QCOMPARE(drain(parser), (Items{"ready"}));
    }

    void enforcesTheDefaultLimitOf32MiB()
    {
        StreamParser parser;
        const std::string mebibyte(1024 * 1024, 'x');
        for (int i = 0; i < 33; ++i) {
            parser.feed(mebibyte);
            QVERIFY(parser.bufferedBytes() <= kMaxFrameBytes);
        }
        QCOMPARE(drain(parser), (Items{"!oversized_frame"}));
        QCOMPARE(parser.bufferedBytes(), std::size_t(0));
    }

    void reportsATruncatedFrameAtTheEnd()
    {
        StreamParser parser;
        const std::string frame = encode(JobResultMessage{1, fullResult()});
        parser.feed(encode(ReadyMessage{}) + frame.substr(0, frame.size() / 2));
        QCOMPARE(drain(parser), (Items{"ready"}));
        parser.finish();
        QCOMPARE(drain(parser), (Items{"!truncated"}));
        parser.feed(encode(ReadyMessage{})); // after the end: ignored
        QCOMPARE(drain(parser), Items{});

        StreamParser clean;
        clean.feed(encode(ReadyMessage{}));
        clean.finish();
        QCOMPARE(drain(clean), (Items{"ready"}));
    }
};

QTEST_GUILESS_MAIN(TestStreamParser)
#include "tst_streamparser.moc"
