// The error page of a car's showcase pages (the showcase, its sale report): a missing car is
// "Car not found" with the page's own explanation and a way to search cars.
import { CarFront } from "~/components/icons";
import { RouteErrorPage } from "~/components/shell/ErrorPage";

export function CarNotFoundPage({ message }: { message: string }) {
  return <RouteErrorPage notFound={{ title: "Car not found", message, icon: <CarFront />, action: { to: "/search", label: "Search cars" } }} />;
}
