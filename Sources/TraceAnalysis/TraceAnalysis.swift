import Tracer
