export {
  MessageThread,
  ThreadErrorBoundary,
  describeIncoming,
  type MessageThreadProps,
} from './components/message-thread';
