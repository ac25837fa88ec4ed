#pragma once

// Private to tb_runner: what WorkerPool accepts of a starting worker. No I/O.

#include "model/expected.h"
#include "model/workerrole.h"
#include "protocol/messages.h"

#include <string>

namespace tb::runner_detail {

// A worker's first frame: its hello, or the error that refuses the worker (it speaks another
// protocol version, its hello is unreadable, or it has another role than `expectedRole`).
// `workerName` names the worker in the errors ("worker '/path/tunebench-worker --role cpu'").
Expected<HelloMessage> checkHello(const Expected<std::string> &frame, WorkerRole expectedRole,
                                  const std::string &workerName);

// A worker's answer to its setup: ok for `ready`, else the error that refuses the worker (its
// setup failed, or it broke the protocol). `who` starts a failed setup's message ("worker", or
// "worker 0 on srun:" for a launched one, whose user must know which node failed).
Status checkSetupAnswer(const Expected<Message> &answer, const std::string &who,
                        const std::string &workerName);

// A frame as a message: the frame's own error, or what decoding it gives.
Expected<Message> decodeFrame(const Expected<std::string> &frame);

} // namespace tb::runner_detail
